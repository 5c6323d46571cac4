// The Android target under Jest, on the device double (fixtures/android: a fake adb with a scripted app).
import { withAgentprobe } from 'agentprobe/jest/config'

export default withAgentprobe(
  { target: 'android', android: { sdkRoot: '../../../fixtures/android/sdk' } },
  {
    rootDir: import.meta.dirname,
    testMatch: ['<rootDir>/*.jest.ts'],
    transform: { '\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'] }] },
  },
)
