// One Jest suite on both browsers: withAgentprobe's `browsers` makes a project per browser
// ('chromium', 'firefox'), each leasing from its own pool. The extension: fixtures/extensions/cross-browser.
import { withAgentprobe } from 'agentprobe/jest/config'

export default withAgentprobe(
  { extension: '../../../fixtures/extensions/cross-browser', browsers: ['chromium', 'firefox'] },
  {
    rootDir: import.meta.dirname,
    testMatch: ['<rootDir>/*.jest.ts'],
    transform: { '\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'] }] },
  },
)
