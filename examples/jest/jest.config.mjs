// The side-panel example as a Jest suite: `npx jest -c examples/jest/jest.config.mjs`.
// withAgentprobe adds agentprobe's test environment, the browser pool and the report to your config.
import { withAgentprobe } from 'agentprobe/jest/config'
import { materializeMutant } from '../../fixtures/extensions/mutate.ts'

// The broken builds a team could ship (fixtures/extensions/mutants.json), made fresh for each run.
const here = import.meta.dirname
for (const mutant of ['popup-throws', 'wrong-sidepanel-path']) await materializeMutant(mutant, `${here}/.mutants/${mutant}`)

export default withAgentprobe(
  { extension: '../../fixtures/extensions/sidepanel', artifactsDir: '../../artifacts/jest' },
  {
    rootDir: here,
    testMatch: ['<rootDir>/**/*.cua.test.ts'],
    // TypeScript through Babel, as Jest's docs set it up (tests run as CommonJS; no VM-modules flag).
    transform: { '\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'] }] },
  },
)
