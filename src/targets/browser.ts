// The third seam (DESIGN §2), beside Screen and Model: what a test run needs from a browser,
// whichever it is. Chromium implements it over CDP (chrome/chromium-browser.ts), Firefox over
// WebDriver BiDi (firefox/firefox-browser.ts); browsers.ts picks one by name, so the pool and the
// sessions name no browser.
import type { Size } from '../core/frame.ts'
import type { ChromeHelpers } from './chrome/cdp.ts'
import type { ChromeEndpoint, PipeCall } from './chrome/endpoint.ts'

/**
 * The `chrome` fixture as a test sees it: ChromeHelpers' public methods. Chromium's ChromeHelpers
 * is one; Firefox's FirefoxHelpers another, with the same names and meaning where Firefox has them
 * and an error naming the Firefox way where it has not. restoreBuild is the reset's, not a test's.
 */
export type ChromeFixture = { [K in Exclude<keyof ChromeHelpers, 'restoreBuild'>]: ChromeHelpers[K] }

export const BROWSER_NAMES = ['chromium', 'firefox'] as const
export type BrowserName = (typeof BROWSER_NAMES)[number]

export const COLOR_SCHEMES = ['light', 'dark'] as const
/** The browser's own theme, and what pages see as prefers-color-scheme. */
export type ColorScheme = (typeof COLOR_SCHEMES)[number]

/** Device scale factors measured to work end to end on Chromium and Firefox (window, toolbar finders, real clicks). */
export const DEVICE_SCALE_FACTORS = [1, 1.25, 1.5, 2] as const

/**
 * Default page zooms measured to apply: Chromium's pages, extension pages and action popup, and
 * Firefox's pages and extension pages (not its popups), take each as their devicePixelRatio. The
 * browsers' presets from 80% to 200%; above 200% a popup of a common width (352 CSS px) no longer
 * fits Chromium's 800 px popup bound.
 */
export const ZOOMS = [0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2] as const

export interface BrowserLaunchOptions {
  /** The executable (CHROME_PATH, FIREFOX_PATH); else it is searched for on PATH. */
  executablePath?: string | undefined
  /** The X display to open the window on, e.g. ':99'. */
  display: string
  /** The window size: the screen's, so the browser fills it. */
  size: Size
  /** An unpacked extension folder to load, its action on the toolbar. */
  extension?: string | undefined
  /** The first tab's URL (default about:blank). */
  url?: string | undefined
  /** The browser's UI language (e.g. 'de', 'ar', 'pt-BR'), which `_locales` and `chrome.i18n` follow; default the machine's. */
  locale?: string | undefined
  /** The browser's theme and the pages' prefers-color-scheme; default the machine's (light under Xvfb). */
  colorScheme?: ColorScheme | undefined
  /** Device pixels per CSS pixel for the browser's UI and pages (DEVICE_SCALE_FACTORS); the window is sized in CSS pixels to fill the screen. Default 1. */
  deviceScaleFactor?: number | undefined
  /** The default page zoom (ZOOMS; 1.5 is 150%): pages and extension pages drawn larger, the browser's UI unchanged. Default 1. */
  zoom?: number | undefined
}

/** What a worker needs to reach a browser the main process runs: plain data, sent over the pool's HTTP endpoint. */
export type BrowserEndpoint =
  | ({ browser: 'chromium'; pid: number } & Omit<ChromeEndpoint, 'signal' | 'closing' | 'pipe' | 'display'>)
  | {
      browser: 'firefox'
      pid: number
      version: string
      port: number
      extensionId?: string | undefined
      extensionBaseUrl?: string | undefined
      /** The build's folder, which chrome.update() installs. */
      extensionPath?: string | undefined
      /** The profile's folder: chrome.installVersion() stages versions in it, so they live as long as this Firefox. */
      profileDir?: string | undefined
    }

export interface SettleOptions {
  /**
   * What the caller waits for once a reset's state is in place (the window drawn and still): run
   * alongside the reset's wait for what the extension does on install, and again after the reset
   * closes a tab the extension opened then.
   */
  whileSettling?: (() => Promise<unknown>) | undefined
}

/** A browser this process launched, with the extension under test. */
export interface Browser {
  readonly name: BrowserName
  readonly pid: number
  /** e.g. 'Chromium 156.0.8078.108 built on Debian…', 'Mozilla Firefox 153.8.0esr'. */
  readonly version: string
  /** Aborted, with a TargetError coded AGENTPROBE_TARGET_CRASHED, when the browser dies unexpectedly. */
  readonly signal: AbortSignal
  readonly endpoint: BrowserEndpoint
  /** What a run should know of how the browser was set up, one line each (printed once per launch). */
  readonly notes: readonly string[]
  /** The state a fresh launch would have, in place; throws, saying which step failed, when it cannot (the caller then relaunches). */
  reset(options: { url?: string | undefined } & SettleOptions): Promise<void>
  /**
   * Another extension under test (or none) in place, in the state a fresh launch with it would have.
   * False when this browser cannot take that build so (the caller relaunches); throws, saying which
   * step failed, when a step cannot run. A browser without it is relaunched for another extension.
   */
  switchExtension?(extension: string | undefined, options: { url?: string | undefined }): Promise<boolean>
  /** Reloads the extension from its folder (a rebuild), in place. */
  reloadExtension(): Promise<void>
  /** A browser-level call only the launching process can make (Chromium's DevTools pipe, Firefox's one WebDriver BiDi session), relayed for workers. */
  relay(method: string, params?: Record<string, unknown>): Promise<unknown>
  /** Ends every process of the browser and deletes its profile; safe to call twice. */
  close(): Promise<void>
}

/** A worker's connection to a browser the main process runs. */
export interface BrowserConnection {
  /** Aborted when the browser dies. */
  readonly signal: AbortSignal
  /** Chromium's CDP helpers, for what only Chromium offers (the icon click's programmatic twin); undefined on Firefox. */
  readonly chrome: ChromeHelpers | undefined
  /** The `chrome` fixture: Chromium's CDP helpers, or Firefox's over WebDriver BiDi. */
  requireChrome(): ChromeFixture
  /** Lets go of the connection (the browser stays). */
  close(): Promise<void>
}

export interface ConnectOptions {
  /** The X display the browser draws on. */
  display: string
  /** Relays a browser-level call (a DevTools pipe method, a WebDriver BiDi command) to the process that launched the browser. */
  relay: PipeCall
  /** Resolves once the screen shows the toolbar drawn again (after an extension version is installed or updated). */
  toolbarDrawn?: () => Promise<void>
}
