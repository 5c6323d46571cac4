// Chromium behind the Browser seam: launchChrome and the CDP helpers, the reset and the in-place
// reload as the pool has always done them.
import { ConfigError } from '../../core/errors.ts'
import type { Browser, BrowserConnection, BrowserEndpoint, BrowserLaunchOptions, ConnectOptions } from '../browser.ts'
import { ChromeHelpers } from './cdp.ts'
import { loadExtensionDir } from './extension-dir.ts'
import { reloadExtension } from './extension-reload.ts'
import { launchChrome } from './launcher.ts'
import { expectUiLanguage } from '../ui-language.ts'
import { launchedExtension, resetBrowserState } from './reset-browser.ts'

export async function launchChromium(options: BrowserLaunchOptions): Promise<Browser> {
  const { executablePath, display, size, extension, url, locale, colorScheme, deviceScaleFactor, zoom } = options
  const chrome = await launchChrome({ executablePath, display, extensionDir: extension, size, url, locale, colorScheme, deviceScaleFactor, zoom })
  let helpers: ChromeHelpers
  try {
    helpers = await ChromeHelpers.connect(chrome)
  } catch (error) {
    await chrome.close()
    throw error
  }
  if (locale !== undefined) {
    try {
      // (pages' navigator.language follows the UI language)
      const running = await helpers.evaluate<string>({ type: 'page' }, 'navigator.language')
      expectUiLanguage('Chromium', running, locale, `locales/${locale}.pak beside the executable; on Debian and Ubuntu: apt-get install chromium-l10n`)
    } catch (error) {
      await helpers.close().catch(() => undefined)
      await chrome.close()
      throw error
    }
  }
  const { pid, port, webSocketUrl, version, extensionId, extensionPath, userDataDir } = chrome
  return {
    name: 'chromium',
    pid,
    version,
    signal: chrome.signal,
    notes: [],
    endpoint: { browser: 'chromium', pid, port, webSocketUrl, version, extensionId, extensionPath, userDataDir },
    reset: async ({ url: kept }) => void (await resetBrowserState(helpers, launchedExtension(chrome), { url: kept })),
    reloadExtension: async () => {
      if (chrome.extensionPath === undefined) throw new ConfigError('reloadExtension: this Chromium was launched without an extension')
      const dir = await loadExtensionDir(chrome.extensionPath)
      await reloadExtension(helpers, dir, () => chrome.loadUnpacked(dir.path))
    },
    relay: (method, params) => chrome.pipe(method, params),
    close: async () => {
      await helpers.close().catch(() => undefined)
      await chrome.close()
    },
  }
}

/** A worker's CDP connection; the DevTools pipe's calls go through `relay`. */
export async function connectChromium(endpoint: Extract<BrowserEndpoint, { browser: 'chromium' }>, { display, relay, toolbarDrawn }: ConnectOptions): Promise<BrowserConnection> {
  const chrome = await ChromeHelpers.connect({ ...endpoint, pipe: relay, display }, { toolbarDrawn })
  return { signal: chrome.signal, chrome, requireChrome: () => chrome, close: () => chrome.close() }
}
