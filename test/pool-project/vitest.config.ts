// Small suites that test/watch.e2e.test.ts and test/parallel.e2e.test.ts run against a copy of the fixture extension.
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { agentprobe } from 'agentprobe/plugin'

/** Files in name order, not slowest first by the last run's timings: a test here may depend on which file a worker runs first. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId))
  }
}

export default defineConfig({
  plugins: [agentprobe({ extension: process.env.POOL_EXTENSION!, screen: { width: 1280, height: 720 }, artifactsDir: process.env.POOL_ARTIFACTS })],
  root: import.meta.dirname,
  test: { include: ['**/*.cua.test.ts'], sequence: { sequencer: ByName } },
})
