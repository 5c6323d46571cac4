// Small suites that test/watch.e2e.test.ts and test/parallel.e2e.test.ts run against a copy of the fixture extension.
import { defineConfig } from 'vitest/config'
import { agentprobe } from 'agentprobe/plugin'

export default defineConfig({
  plugins: [agentprobe({ extension: process.env.POOL_EXTENSION!, screen: { width: 1280, height: 720 }, artifactsDir: process.env.POOL_ARTIFACTS })],
  root: import.meta.dirname,
  test: { include: ['**/*.cua.test.ts'] },
})
