// Which browsers a browser case runs on, and why the bench skips it on one it does not: a case
// declares its browsers (Chromium when it names none), and a case that stops the service worker
// needs Chromium's own helper, so it cannot name Firefox.
import type { BrowserName } from '../targets/browser.ts'
import type { BrowserBenchCase } from './bench-case.ts'

const DEFAULT_BROWSERS: readonly BrowserName[] = ['chromium']

/** The browsers `c` runs on: its `browsers`, or Chromium. */
export function caseBrowsers(c: Pick<BrowserBenchCase, 'browsers'>): readonly BrowserName[] {
  return c.browsers ?? DEFAULT_BROWSERS
}

/** Why `c` cannot run on `browser`, said in a line; undefined when it can. */
export function skipReason(c: Pick<BrowserBenchCase, 'browsers' | 'instruction'>, browser: BrowserName): string | undefined {
  if (browser !== 'chromium' && stopsWorker(c)) return `a STOP_WORKER step stops Chromium's service worker (chrome.stopServiceWorker), which ${browser} has not`
  if (!caseBrowsers(c).includes(browser)) return `its browsers are ${caseBrowsers(c).join(', ')}: its extension and truth were not checked on ${browser}`
  return undefined
}

function stopsWorker(c: Pick<BrowserBenchCase, 'instruction'>): boolean {
  return typeof c.instruction !== 'string' && c.instruction.some((step) => typeof step !== 'string' && 'stopWorker' in step)
}
