// 'agentprobe/jest/config': `export default withAgentprobe({ extension: './dist' }, { …your Jest config })`.
// It sets what a computer-use suite needs — agentprobe's test environment, the global setup that
// starts the browser pool, the report, a timeout fit for tests that take tens of seconds — and
// keeps everything else of yours. With `browsers`, the suite runs once per browser, a Jest project each.
import type { Config } from '@jest/types'
import { browsersOption } from '../config/browsers-option.ts'
import { modulePath } from '../config/module-path.ts'
import type { AgentprobeOptions } from '../config/options.ts'
import type { BrowserName } from '../targets/browser.ts'
import { BROWSERS_KEY, projectName } from './matrix.ts'

const own = (name: string) => modulePath(import.meta.url, name)

export interface AgentprobeJestOptions extends AgentprobeOptions {
  /** The agentprobe reporter (report/index.html, $GITHUB_STEP_SUMMARY); default true. */
  report?: boolean
  /** Runs every file once per browser, a Jest project each (displayName 'firefox', or '<yours> (firefox)'); not with `browser`. */
  browsers?: BrowserName[]
}

export function withAgentprobe(options: AgentprobeJestOptions = {}, config: Config.InitialOptions = {}): Config.InitialOptions {
  const { report = true, browsers: given, ...agentprobe } = options
  const browsers = browsersOption(options, 'the withAgentprobe option')
  for (const key of ['testEnvironment', 'globalSetup', 'globalTeardown'] as const) {
    if (config[key] !== undefined) throw new Error(`withAgentprobe: the Jest config's ${key} is agentprobe's; remove it (agentprobe/jest/config sets ${key})`)
  }
  if (browsers && config.projects !== undefined) throw new Error("withAgentprobe: browsers makes the config's projects (one per browser); remove projects, or give each of your projects its own withAgentprobe with browser")
  const reporters = config.reporters ?? ['default']
  const withReporter = report || agentprobe.history !== false
  const reporterOptions = { artifactsDir: agentprobe.artifactsDir, history: agentprobe.history, report, ...(given && { browsers: Object.fromEntries((browsers ?? []).map((b) => [projectName(config.displayName, b), b])) }) }
  // A computer-use test takes tens of seconds; Jest's 5 s default would cut every run short.
  // (Jest reads it from the root config even when it has projects.)
  const timeout = { testTimeout: 180_000, ...(config.testTimeout !== undefined && { testTimeout: config.testTimeout }) }
  const project = (browser?: BrowserName): Config.InitialOptions => ({
    ...config,
    ...timeout,
    testEnvironment: own('environment'),
    testEnvironmentOptions: { ...config.testEnvironmentOptions, agentprobe: { ...agentprobe, ...(browser && { browser }) }, ...(browsers && { [BROWSERS_KEY]: browsers }) },
    globalSetup: own('global-setup'),
    globalTeardown: own('global-teardown'),
  })
  return {
    ...(browsers ? { ...config, ...timeout, projects: browsers.map((browser) => ({ ...project(browser), displayName: projectName(config.displayName, browser) })) } : project()),
    // The reporter also records the history: it stays when the report is off, unless history is too.
    reporters: withReporter ? [...reporters, [own('reporter'), reporterOptions]] : reporters,
  }
}
