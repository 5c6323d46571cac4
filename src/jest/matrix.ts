// A Jest config with `browsers` is one project per browser. Jest runs a global setup module once,
// with the first project's config, so the browsers the setup starts a pool for travel in each
// project's testEnvironmentOptions, and each pool's endpoint in an environment variable of its own.
import type { Config } from '@jest/types'
import { BROWSER_NAMES, type BrowserName } from '../targets/browser.ts'

/** testEnvironmentOptions key: every browser of the matrix (absent: the project's own browser only). */
export const BROWSERS_KEY = 'agentprobeBrowsers'

/** Where the global setup leaves a browser's pool endpoint for the workers (no browser named: Chromium). */
export function poolUrlEnv(browser: BrowserName | undefined): string {
  return `AGENTPROBE_POOL_URL_${(browser ?? 'chromium').toUpperCase()}`
}

/** The browsers a project's global setup starts pools for. */
export function matrixBrowsers(project: Pick<Config.ProjectConfig, 'testEnvironmentOptions'>, own: BrowserName | undefined): (BrowserName | undefined)[] {
  const listed = project.testEnvironmentOptions[BROWSERS_KEY]
  return Array.isArray(listed) ? listed.filter((b): b is BrowserName => (BROWSER_NAMES as readonly unknown[]).includes(b)) : [own]
}

/** A browser's project: 'firefox', or 'e2e (firefox)' beside the user's own displayName. */
export function projectName(displayName: Config.InitialOptions['displayName'], browser: BrowserName): string {
  const theirs = typeof displayName === 'string' ? displayName : displayName?.name
  return theirs ? `${theirs} (${browser})` : browser
}
