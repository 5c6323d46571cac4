// A suite run once per model through the plugin's `models` option, for the reporter's end-to-end test.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { agentprobe } from 'agentprobe/plugin'

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          agentprobe({
            extension: fileURLToPath(new URL('../../../fixtures/extensions/sidepanel', import.meta.url)),
            artifactsDir: process.env.REPORT_E2E_ARTIFACTS,
            ...(process.env.REPORT_E2E_HISTORY && { history: { path: process.env.REPORT_E2E_HISTORY } }),
            // Two ids the offline model answers to, until the model adapters land.
            models: ['offline', 'offline/second'],
          }),
        ],
        root: fileURLToPath(new URL('.', import.meta.url)),
        test: { name: 'report-e2e', include: ['*.cua.test.ts'] },
      },
    ],
  },
})
