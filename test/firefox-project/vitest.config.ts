// The suite test/firefox.e2e.test.ts runs on a real Firefox (or, with FIREFOX_BROWSERS, on each
// browser it names) with the keyless offline model: the extension (a good build or a broken one)
// and the artifacts folder come from that test.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { agentprobe } from 'agentprobe/plugin'

const env = process.env
const browsers = env.FIREFOX_BROWSERS?.split(',') as ('chromium' | 'firefox')[] | undefined

export default defineConfig({
  plugins: [
    agentprobe({
      ...(browsers ? { browsers } : { browser: 'firefox' }),
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
