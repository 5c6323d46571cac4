// A Jest project for test/jest.e2e.test.ts and test/jest-cassettes.e2e.test.ts: what a user's
// failing, timing-out and cassette-backed tests look like through agentprobe/jest. Artifacts go
// where AGENTPROBE_ARTIFACTS_DIR says.
import { withAgentprobe } from 'agentprobe/jest/config'

export default withAgentprobe(
  { extension: '../../fixtures/extensions/sidepanel' },
  {
    rootDir: import.meta.dirname,
    testMatch: ['<rootDir>/*.jest.ts'],
    transform: { '\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'] }] },
  },
)
