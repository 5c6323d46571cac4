// The suite test/replay.e2e.test.ts records against the model double and replays: the extension,
// the models, the replay wait and which test files run come from the environment that test sets.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { agentprobe } from 'agentprobe/plugin'

const env = process.env

export default defineConfig({
  plugins: [
    agentprobe({
      extension: env.REPLAY_EXTENSION ?? fileURLToPath(new URL('../../fixtures/extensions/sidepanel', import.meta.url)),
      artifactsDir: env.REPLAY_ARTIFACTS,
      ...(env.REPLAY_MODELS && { models: env.REPLAY_MODELS.split(',') }),
      ...(env.REPLAY_WAIT_MS && { replayWaitMs: Number(env.REPLAY_WAIT_MS) }),
    }),
  ],
  root: import.meta.dirname,
  test: { include: [env.REPLAY_INCLUDE ?? '*.cua.test.ts'] },
})
