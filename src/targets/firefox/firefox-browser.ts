// Firefox behind the Browser seam: launchFirefox, a reset over WebDriver BiDi, and a worker's
// connection, whose helpers send their BiDi commands through the launching process's one session.
import { join } from 'node:path'
import { ConfigError, TargetError, errorMessage } from '../../core/errors.ts'
import type { Browser, BrowserConnection, BrowserEndpoint, BrowserLaunchOptions, ConnectOptions } from '../browser.ts'
import { expectUiLanguage } from '../ui-language.ts'
import { downloadFolder, emptyDownloadFolder } from '../download-folder.ts'
import { BrowserWindow } from './browser-window.ts'
import { FirefoxHelpers } from './firefox-helpers.ts'
import { launchFirefox, type FirefoxProcess } from './launch-firefox.ts'
import { processSignal } from './process-signal.ts'

export async function launchFirefoxBrowser(options: BrowserLaunchOptions): Promise<Browser> {
  const { executablePath, display, size, extension, url, locale, colorScheme, deviceScaleFactor, zoom } = options
  const firefox = await launchFirefox({ executablePath, display, extensionDir: extension, size, url, appearance: { locale, colorScheme, deviceScaleFactor } })
  // (found once, for the launch's checks and every reset)
  const window = new BrowserWindow(firefox.call)
  try {
    if (locale !== undefined) {
      const tag = locale.replace('_', '-')
      const pack = `a langpack-${tag}@… add-on in its browser/extensions folder; on Debian: apt-get install firefox-esr-l10n-${tag.toLowerCase()}`
      expectUiLanguage('Firefox', await window.appLocale(), locale, pack)
    }
    if (zoom !== undefined && zoom !== 1) await window.setDefaultZoom(zoom)
  } catch (error) {
    await firefox.close()
    throw error
  }
  const { pid, version, port } = firefox
  return {
    name: 'firefox',
    pid,
    version,
    signal: firefox.signal,
    notes: firefox.notes,
    endpoint: { browser: 'firefox', pid, version, port, extensionId: firefox.extension?.addonId, extensionBaseUrl: firefox.extension?.baseUrl, extensionPath: firefox.extension?.path, profileDir: firefox.profileDir },
    reset: async ({ url: kept, whileSettling }) => {
      await resetFirefox(firefox, window, kept ?? 'about:blank')
      await whileSettling?.()
    },
    reloadExtension: async () => {
      if (firefox.extension === undefined) throw new ConfigError('reloadExtension: this Firefox was launched without an extension')
      await firefox.install(firefox.extension.path)
    },
    // Firefox serves one WebDriver BiDi session, held here: a worker's helpers send their commands through it.
    relay: (method, params) => firefox.call(method, params),
    close: () => firefox.close(),
  }
}

/**
 * Every cookie and every site's storage removed (a launch has none; a login on the page under test
 * was still there in later files); the extension uninstalled and installed again from its folder,
 * which closes its popup, sidebar and pages, drops its storage and the optional permissions a test
 * granted (Firefox forgets them at uninstall, as Chromium's reset revokes them) and runs its
 * onInstalled as a fresh install (the profile keeps its UUID and its toolbar place across it); then
 * one new tab on `url` and every other closed (a kept tab would keep its history: Back lit, and the
 * last file's pages a Back away; WebDriver BiDi cannot clear it), with the address bar focused on
 * about:blank, as at launch.
 */
async function resetFirefox(firefox: FirefoxProcess, window: BrowserWindow, url: string): Promise<void> {
  const step = async (name: string, run: () => Promise<unknown>) => {
    try {
      await run()
    } catch (error) {
      throw new TargetError(`resetting Firefox failed at "${name}": ${errorMessage(error)}`, { cause: error })
    }
  }
  const { bidi, extension } = firefox
  // (before the reinstall: what onInstalled stores then stays)
  await step("clear the sites' cookies and storage", () => window.clearSiteData())
  if (extension !== undefined) {
    await step('uninstall the extension', () => bidi.uninstallExtension(extension.addonId))
    await step('install the extension', () => firefox.install(extension.path))
  }
  await step('open a new tab and close the others', async () => {
    const old = await bidi.pages()
    const fresh = await bidi.newPage()
    // about:blank too, loaded as at launch: a new tab's first blank page is never drawn, and the tab
    // shows its grey panel where a launch shows the page's white.
    await fresh.goto(url)
    await Promise.all(old.map((page) => page.close()))
  })
  // Where a launch on about:blank leaves the keyboard: a URL a test types first goes there.
  if (url === 'about:blank') await step('focus the address bar', () => window.focusAddressBar())
  await step('empty the download folder', () => emptyDownloadFolder(downloadFolder(firefox.profileDir)))
}

/** A worker's view of a Firefox the main process runs: its crash signal and the `chrome` fixture's helpers over BiDi. */
export function connectFirefox(endpoint: Extract<BrowserEndpoint, { browser: 'firefox' }>, { relay, toolbarDrawn, display }: ConnectOptions): BrowserConnection {
  const watch = processSignal(endpoint.pid, 'Firefox')
  const { port, version, extensionId, extensionPath, profileDir } = endpoint
  const stagingRoot = profileDir === undefined ? undefined : join(profileDir, 'agentprobe-versions')
  const helpers = new FirefoxHelpers({ port, version, extensionId, call: relay, signal: watch.signal, display, onClose: () => watch.stop(), extensionPath, stagingRoot, toolbarDrawn, downloadFolder: profileDir === undefined ? undefined : downloadFolder(profileDir) })
  return {
    signal: watch.signal,
    chrome: undefined,
    requireChrome: () => helpers,
    close: () => helpers.close(),
  }
}
