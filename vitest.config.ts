import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { agentprobe } from 'agentprobe/plugin'

// Every Node process the suite starts (child Vitest and Jest runs, the CLI, npm, the fake adb)
// reads its modules from one compile cache instead of parsing them again: a fifth less CPU per start.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, 'node_modules/.cache/node-compile-cache')

export default defineConfig({
  test: {
    // The suite is bound by the two cores. With 3 workers a fresh clone's run kept them 96% busy
    // (the idle 4% late, where the files left mostly wait: misbehaving models, replays, CLI runs).
    // A fourth worker filled that (99%) but the files then used as much more CPU as it freed, each
    // waiting longer beside the others: tests 1209 s against 1203 and 1223 s at three.
    maxWorkers: 3,
    // Each project's wall time and the slowest files, printed at the end of a full run.
    reporters: ['default', './scripts/suite-times.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          // fixtures/repos are other projects, with tests of their own that their own Vitest runs
          exclude: [...configDefaults.exclude, 'fixtures/repos/**'],
          // OCR on real frames takes 0.5 s alone and many times that beside the e2e browsers of one run.
          testTimeout: 30_000,
          // One process per worker for all its files: 50 CPU-s instead of 102 for the whole project.
          isolate: false,
          setupFiles: ['test/unit-temp-dir.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/**/*.e2e.test.ts'],
          // Each file's CPU, beside its wall time (scripts/suite-times.ts).
          setupFiles: ['./scripts/file-cpu.ts'],
          // Most tests here run a whole child process (Vitest, Jest, the CLI) with its own browser: on two
          // loaded cores a Jest run of the example suite took 111 s, and 120 s once it waited 5 s per NO.
          testTimeout: 240_000,
          hookTimeout: 60_000,
          // The child suites (in temporary repos, the CLI) share this repo's OCR cache: the same
          // example screens come back in Vitest, Jest and CLI runs, and in every replay.
          env: { AGENTPROBE_CACHE_DIR: join(import.meta.dirname, 'node_modules/.cache/agentprobe') },
        },
      },
      {
        // The plugin's own guarantees (secrets, crashes), through the same path as a user's suite.
        plugins: [agentprobe({ extension: './fixtures/extensions/sidepanel', artifactsDir: 'artifacts/plugin-tests' })],
        test: {
          name: 'plugin',
          include: ['test/plugin/**/*.cua.test.ts'],
          env: { AGENTPROBE_TEST_API_KEY: 'sk-test-0123456789abcdefghij' },
        },
      },
      {
        // The examples run through the plugin exactly as a user's suite does.
        plugins: [agentprobe({ extension: './fixtures/extensions/sidepanel' })],
        test: {
          name: 'examples',
          include: ['examples/**/*.cua.test.ts'],
          exclude: [...configDefaults.exclude, 'examples/android.cua.test.ts', 'examples/jest/**', 'examples/locales/**', 'examples/cross-browser/**'],
        },
      },
      {
        // The popup example once per browser: projects 'cross-browser (chromium)' and 'cross-browser (firefox)'.
        // (The other examples drive Chromium-only surfaces: the side panel, context menus, shortcuts, updates.)
        plugins: [agentprobe({ extension: './fixtures/extensions/cross-browser', browsers: ['chromium', 'firefox'], artifactsDir: 'artifacts/cross-browser' })],
        test: {
          name: 'cross-browser',
          include: ['examples/cross-browser/*.cua.test.ts'],
        },
      },
      {
        // The locale example, once per browser language: projects 'locales (de)' and 'locales (ar)'.
        plugins: [agentprobe({ extension: './bench/extensions/greeter-i18n', locales: ['de', 'ar'], artifactsDir: 'artifacts/locales' })],
        test: {
          name: 'locales',
          include: ['examples/locales/*.cua.test.ts'],
        },
      },
      {
        // The Android example, on the device double: a fake adb (fixtures/android/sdk) keeping a scripted app.
        plugins: [agentprobe({ target: 'android', android: { sdkRoot: './fixtures/android/sdk' } })],
        test: {
          name: 'android',
          include: ['examples/android.cua.test.ts'],
          // one device per run: parallel runs on one machine must not share the double's state
          env: { ADB_DOUBLE_STATE: join(tmpdir(), `agentprobe-adb-double-${process.pid}`) },
        },
      },
    ],
  },
})
