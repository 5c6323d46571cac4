// The suite test/firefox.e2e.test.ts runs on a real Firefox with the keyless offline model: the
// extension (a good build or a broken one) and the artifacts folder come from that test.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { agentprobe } from 'agentprobe/plugin'

const env = process.env

export default defineConfig({
  plugins: [
    agentprobe({
      browser: 'firefox',
      model: 'offline',
      extension: env.FIREFOX_EXTENSION ?? fileURLToPath(new URL('../../fixtures/extensions/cross-browser', import.meta.url)),
      artifactsDir: env.FIREFOX_ARTIFACTS,
      screen: { width: 1280, height: 800 },
      history: false,
    }),
  ],
  root: import.meta.dirname,
  test: { include: ['*.cua.test.ts'], maxWorkers: 1 },
})
