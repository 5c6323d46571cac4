// 'agentprobe/jest/config': `export default withAgentprobe({ extension: './dist' }, { …your Jest config })`.
// It sets what a computer-use suite needs — agentprobe's test environment, the global setup that
// starts the browser pool, the report, a timeout fit for tests that take tens of seconds — and
// keeps everything else of yours.
import type { Config } from '@jest/types'
import { modulePath } from '../config/module-path.ts'
import type { AgentprobeOptions } from '../config/options.ts'
import { ConfigError } from '../core/errors.ts'

const own = (name: string) => modulePath(import.meta.url, name)

export interface AgentprobeJestOptions extends AgentprobeOptions {
  /** The agentprobe reporter (report/index.html, $GITHUB_STEP_SUMMARY); default true. */
  report?: boolean
}

export function withAgentprobe(options: AgentprobeJestOptions = {}, config: Config.InitialOptions = {}): Config.InitialOptions {
  const { report = true, ...agentprobe } = options
  // The Vitest plugin's matrix makes a project per browser; one Jest config runs one browser.
  if ('browsers' in agentprobe) throw new ConfigError("withAgentprobe: browsers is the Vitest plugin's (a project per browser); a Jest config runs one browser: set browser ('chromium' or 'firefox'), one config each")
  for (const key of ['testEnvironment', 'globalSetup', 'globalTeardown'] as const) {
    if (config[key] !== undefined) throw new Error(`withAgentprobe: the Jest config's ${key} is agentprobe's; remove it (agentprobe/jest/config sets ${key})`)
  }
  const reporters = config.reporters ?? ['default']
  return {
    // A computer-use test takes tens of seconds; Jest's 5 s default would cut every run short.
    testTimeout: 180_000,
    ...config,
    testEnvironment: own('environment'),
    testEnvironmentOptions: { ...config.testEnvironmentOptions, agentprobe },
    globalSetup: own('global-setup'),
    globalTeardown: own('global-teardown'),
    // The reporter also records the history: it stays when the report is off, unless history is too.
    reporters: report || agentprobe.history !== false ? [...reporters, [own('reporter'), { artifactsDir: agentprobe.artifactsDir, history: agentprobe.history, report }]] : reporters,
  }
}
