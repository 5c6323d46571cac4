// Starts what a browser test runs on: an X display (private Xvfb, or one the user names) and a
// Chromium with the extension, connected over CDP. The plugin and the CLI both start them here.
import type { Size } from '../core/frame.ts'
import type { Screen } from '../core/screen.ts'
import type { ColorScheme } from '../targets/browser.ts'
import { ChromeHelpers } from '../targets/chrome/cdp.ts'
import { launchChrome } from '../targets/chrome/launcher.ts'
import { launchedExtension, resetBrowserState } from '../targets/chrome/reset-browser.ts'
import { X11Screen } from '../targets/x11/x11-screen.ts'
import { warnUnlessDrawn } from './browser-drawn.ts'
import { buildFingerprint } from './build-fingerprint.ts'
import { readExtensionInfo } from './extension-info.ts'

export interface DisplayHandle {
  screen: Screen
  /** The X display name, e.g. ':1'. */
  display: string
  close(): Promise<void>
}

export interface BrowserHandle {
  /** The screen the browser is on. */
  screen: Screen
  /** Chromium's CDP helpers, when the browser is Chromium. */
  chrome: ChromeHelpers | undefined
  /** Aborted when the browser dies. */
  signal: AbortSignal
  /** Versions recorded in traces: the browser, and the extension's manifest version. */
  versions: Record<string, string>
  close(): Promise<void>
}

/** A browser this process launched (not one leased from the plugin's pool, which resets its own). */
export interface StartedBrowser extends BrowserHandle {
  chrome: ChromeHelpers
  /**
   * The state a fresh browser would have, in this one (as the plugin resets between test files):
   * the extension's pages and other tabs closed, its storage cleared, optional permissions revoked,
   * the extension reloaded from its folder (a rebuild in place is picked up), and the window drawn.
   */
  reset(): Promise<void>
}

export async function startDisplay({ display, size }: { display?: string; size: Size }): Promise<DisplayHandle> {
  const screen = display ? await X11Screen.attach({ display }) : await X11Screen.start(size)
  return { screen, display: screen.display, close: () => screen.close() }
}

export interface BrowserOptions {
  extension?: string
  chromePath?: string
  url?: string
  /** The browser's UI language, e.g. 'ar'; default the machine's. */
  locale?: string
  colorScheme?: ColorScheme
}

export async function startBrowser(display: DisplayHandle, options: BrowserOptions): Promise<StartedBrowser> {
  const process = await launchChrome({
    executablePath: options.chromePath,
    display: display.display,
    extensionDir: options.extension,
    size: display.screen.size,
    url: options.url,
    locale: options.locale,
    colorScheme: options.colorScheme,
  })
  // The first step must see the browser drawn, its toolbar icon included, not a blank display.
  const untilDrawn = () => warnUnlessDrawn(display.screen, { pinnedIcon: options.extension !== undefined })
  let chrome: ChromeHelpers
  try {
    chrome = await ChromeHelpers.connect(process, { toolbarDrawn: untilDrawn })
  } catch (error) {
    await process.close()
    throw error
  }
  const extension = options.extension ? await readExtensionInfo(options.extension) : undefined
  await untilDrawn()
  return {
    screen: display.screen,
    chrome,
    signal: chrome.signal,
    versions: {
      browser: process.version,
      ...(extension && { extension: `${extension.name} ${extension.version}` }),
      ...(options.extension && { build: await buildFingerprint(options.extension) }),
    },
    async reset() {
      await resetBrowserState(chrome, launchedExtension(process), { url: options.url, whileSettling: untilDrawn })
    },
    async close() {
      await chrome.close().catch(() => undefined)
      await process.close()
    },
  }
}
