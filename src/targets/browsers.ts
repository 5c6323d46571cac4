// The browsers agentprobe drives, by name: the one place that chooses Chromium or Firefox code, so
// the pool, the sessions and the reset name neither. Firefox's code (and its WebDriver BiDi client)
// loads only when a run asks for Firefox: a quarter of a CPU-second in every process otherwise.
import type { Browser, BrowserConnection, BrowserEndpoint, BrowserLaunchOptions, BrowserName, ConnectOptions } from './browser.ts'
import { connectChromium, launchChromium } from './chrome/chromium-browser.ts'

const firefox = () => import('./firefox/firefox-browser.ts')

/** Launches `name` with the extension, ready for a first step. */
export async function launchBrowser(name: BrowserName, options: BrowserLaunchOptions): Promise<Browser> {
  return name === 'firefox' ? (await firefox()).launchFirefoxBrowser(options) : launchChromium(options)
}

/** A worker's connection to the browser at `endpoint`. */
export async function connectBrowser(endpoint: BrowserEndpoint, options: ConnectOptions): Promise<BrowserConnection> {
  return endpoint.browser === 'firefox' ? (await firefox()).connectFirefox(endpoint, options) : connectChromium(endpoint, options)
}
