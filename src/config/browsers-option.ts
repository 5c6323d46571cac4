// `browsers: ['chromium', 'firefox']`, the option that runs a suite once per browser (a Vitest
// project or a Jest project each), checked the same way for both test runners.
import { ConfigError } from '../core/errors.ts'
import { BROWSER_NAMES, type BrowserName } from '../targets/browser.ts'
import { browserName } from './options.ts'

/**
 * The `browsers` option checked: each a known browser, and not beside `browser`, which would say
 * another thing. `source` names where the options were given, e.g. 'the plugin option'.
 */
export function browsersOption({ browser, browsers }: { browser?: unknown; browsers?: unknown }, source: string): BrowserName[] | undefined {
  if (browsers === undefined) return undefined
  if (browser !== undefined) {
    throw new ConfigError(`${source}s browser (${JSON.stringify(browser)}) and browsers (${JSON.stringify(browsers)}) were both given: use browser for one browser, or browsers to run every file once per browser`)
  }
  if (!Array.isArray(browsers) || browsers.length === 0) throw new ConfigError(`${source} browsers must name one browser or more (${BROWSER_NAMES.join(', ')}), got ${JSON.stringify(browsers)}`)
  return browsers.map((name, i) => browserName(name, `${source} browsers[${i}]`)!)
}
