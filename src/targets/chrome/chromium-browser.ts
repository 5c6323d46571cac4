// Chromium behind the Browser seam: launchChrome and the CDP helpers, the reset and the in-place
// reload as the pool has always done them, and a switch to another extension without a relaunch.
import { ConfigError } from '../../core/errors.ts'
import type { Browser, BrowserConnection, BrowserEndpoint, BrowserLaunchOptions, ConnectOptions } from '../browser.ts'
import { ChromeHelpers } from './cdp.ts'
import { loadExtensionDir } from './extension-dir.ts'
import { reloadFromFolder } from './extension-reload.ts'
import { openExtensionsPage } from './extensions-page.ts'
import type { ChromeEndpoint } from './endpoint.ts'
import { launchChrome, type ChromeProcess } from './launcher.ts'
import { expectUiLanguage } from '../ui-language.ts'
import { launchedExtension, resetBrowserState, switchBrowserExtension } from './reset-browser.ts'
import { performXdotool } from '../x11/xdotool.ts'

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
  // The extension under test: the launch's, until the pool switches this browser to another.
  let current = chrome.extensionPath === undefined ? undefined : { id: chrome.extensionId, path: chrome.extensionPath }
  // (in the background: the first reset or watch-mode reload finds it open)
  if (current !== undefined) void openExtensionsPage(helpers)
  const { pid, port, webSocketUrl, version, userDataDir } = chrome
  // No DevTools call moves the focus into Chromium's own UI: the key a person would press does.
  const focusAddressBar = () => performXdotool({ type: 'keypress', keys: ['ctrl', 'l'] }, { display })
  return {
    name: 'chromium',
    pid,
    version,
    signal: chrome.signal,
    notes: [],
    get endpoint(): BrowserEndpoint {
      return { browser: 'chromium', pid, port, webSocketUrl, version, extensionId: current?.id, extensionPath: current?.path, userDataDir }
    },
    reset: async ({ url: kept, whileSettling }) => void (await resetBrowserState(helpers, launchedExtension({ extensionPath: current?.path, loadUnpacked: chrome.loadUnpacked }), { url: kept, focusAddressBar, whileSettling })),
    switchExtension: async (path, { url: kept }) => {
      const to = path === undefined ? undefined : await loadExtensionDir(path)
      if ((await switchBrowserExtension(helpers, to, { url: kept, focusAddressBar })) === undefined) return false
      current = to && { id: to.id, path: to.path }
      // (the main process's helpers name the extension under test: the reset checks its ID)
      await helpers.close()
      helpers = await ChromeHelpers.connect(extensionEndpoint(chrome, current))
      return true
    },
    reloadExtension: async () => {
      if (current === undefined) throw new ConfigError('reloadExtension: this Chromium runs no extension')
      const dir = await loadExtensionDir(current.path)
      await reloadFromFolder(helpers, dir, () => chrome.loadUnpacked(dir.path))
    },
    relay: (method, params) => chrome.pipe(method, params),
    close: async () => {
      await helpers.close().catch(() => undefined)
      await chrome.close()
    },
  }
}

/** `chrome`'s endpoint with `extension` as the one under test; its closing state read live. */
function extensionEndpoint(chrome: ChromeProcess, extension: { id: string | undefined; path: string } | undefined): ChromeEndpoint {
  const { port, webSocketUrl, version, signal, display, userDataDir, pipe } = chrome
  return {
    port,
    webSocketUrl,
    version,
    signal,
    display,
    userDataDir,
    pipe,
    extensionId: extension?.id,
    extensionPath: extension?.path,
    get closing() {
      return chrome.closing
    },
  }
}

/** A worker's CDP connection; the DevTools pipe's calls go through `relay`. */
export async function connectChromium(endpoint: Extract<BrowserEndpoint, { browser: 'chromium' }>, { display, relay, toolbarDrawn }: ConnectOptions): Promise<BrowserConnection> {
  const chrome = await ChromeHelpers.connect({ ...endpoint, pipe: relay, display }, { toolbarDrawn })
  return { signal: chrome.signal, chrome, requireChrome: () => chrome, close: () => chrome.close() }
}
