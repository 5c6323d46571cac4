// 'agentprobe/jest', loaded inside Jest's test sandbox. CommonJS on purpose: Jest runs test files
// as CommonJS unless Node's VM modules flag is on, and this file must load either way. It holds no
// logic: agentprobe's test environment (outside the sandbox) does the work and registers the matchers.
import type { FileOverrides, Handles, JestRuntime } from './handles.ts'

// A namespace, so that `import { useAgentprobe } from 'agentprobe/jest'` type-checks without esModuleInterop.
// eslint-disable-next-line @typescript-eslint/no-namespace
namespace agentprobeJest {
  /**
   * The agent, screen, chrome and android handles of this test file, valid inside its tests (and
   * `chrome` inside beforeAll). Each test gets a fresh session; the file's browser is leased in
   * beforeAll and given back in afterAll. `extension` overrides the config's for this file.
   */
  export function useAgentprobe(overrides: FileOverrides = {}): Handles {
    // The same registry symbol as RUNTIME in handles.ts; a value import would pull ESM into CommonJS.
    const runtime = (globalThis as Record<symbol, JestRuntime | undefined>)[Symbol.for('agentprobe.jest')]
    if (!runtime) {
      throw new Error("useAgentprobe() needs agentprobe's Jest environment: build the config with withAgentprobe() from 'agentprobe/jest/config'")
    }
    return runtime.use(overrides)
  }
}

export = agentprobeJest
