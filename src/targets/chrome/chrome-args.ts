// The command line for a test browser: quiet, offline-friendly, sized to the screen, with the
// extension loaded unpacked. Each flag is here because it was seen to matter (DESIGN §8).
import type { Size } from '../../core/frame.ts'
import type { ColorScheme } from '../browser.ts'
import { windowSizeFor } from '../window-size.ts'

export interface ChromeArgsOptions {
  userDataDir: string
  /** The screen's size in pixels: the window fills it. */
  size: Size
  /** Real absolute path of the unpacked extension. */
  extensionPath?: string | undefined
  url?: string | undefined
  /** The UI language; on Linux Chromium takes it from LANGUAGE (see chromeEnv), --lang alone sets only `_locales`. */
  locale?: string | undefined
  colorScheme?: ColorScheme | undefined
  /** Device pixels per CSS pixel; the window is then sized in CSS pixels (window-size.ts). */
  deviceScaleFactor?: number | undefined
  /** Appended after ours, so a user flag wins over a default. */
  args?: readonly string[] | undefined
}

/**
 * Chromium 156 preloads the address bar's suggestion popup as two WebUI pages at every start: 1.6
 * of 4.2 CPU-s a launch, for a popup a test rarely opens (the native one shows instead). And it
 * keeps a spare renderer started ahead of the next navigation, again after each one is taken: a
 * test's resets, popups and tabs took 27 renderer processes over eight files instead of 10, and
 * the example suite 159 CPU-s instead of 145 (Chromium's helpers 27 instead of 21).
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess']
/**
 * The network service in the browser process rather than a process of its own, as Chromium runs it
 * on small Android devices: a launch started 9 processes instead of 10, for 1.96-2.25 CPU-s instead
 * of 2.13-2.56 (medians of five, two rounds alternated). Pages load the same; only the process is saved.
 */
const ENABLED_FEATURES = ['NetworkServiceInProcess2']

/**
 * One --disable-features or --enable-features switch: ours, then the features a user's own switches
 * of that name give (Chromium keeps only the last of a switch, so theirs join ours in one).
 */
function featureSwitch(name: '--disable-features=' | '--enable-features=', ours: readonly string[], args: readonly string[]): string {
  const theirs = args.filter((arg) => arg.startsWith(name)).flatMap((arg) => arg.slice(name.length).split(',').filter(Boolean))
  return `${name}${[...ours, ...theirs].join(',')}`
}
const FEATURE_SWITCH = /^--(disable|enable)-features=/

/** Flags for `launchChrome`; the start URL (default about:blank) comes last. */
export function chromeArgs({ userDataDir, size, extensionPath, url = 'about:blank', locale, colorScheme, deviceScaleFactor, args = [] }: ChromeArgsOptions): string[] {
  const window = windowSizeFor(size, deviceScaleFactor)
  return [
    '--no-sandbox', // root in a container has no usable sandbox
    '--test-type', // removes the "unsupported --no-sandbox" warning bar
    '--no-first-run',
    '--disable-background-networking', // otherwise a closed network floods with refused connections
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    `--user-data-dir=${userDataDir}`,
    '--remote-debugging-port=0', // Chromium picks a free port and writes it to DevToolsActivePort
    '--remote-debugging-pipe', // beside the port: only the pipe may call Extensions.loadUnpacked
    '--enable-unsafe-extension-debugging', // lets the pipe load and reload unpacked extensions
    '--window-position=0,0',
    featureSwitch('--disable-features=', DISABLED_FEATURES, args),
    featureSwitch('--enable-features=', ENABLED_FEATURES, args),
    // Its own UI is still (still-toolkit.ts turns the desktop's animations off), but pages keep the
    // motion preference a default desktop has: GTK's setting would tell them to reduce motion.
    '--force-prefers-no-reduced-motion',
    // (in CSS pixels: at a scale factor the flag's size is multiplied by it)
    `--window-size=${window.width},${window.height}`,
    ...(deviceScaleFactor === undefined ? [] : [`--force-device-scale-factor=${deviceScaleFactor}`]),
    ...(extensionPath === undefined ? [] : [`--load-extension=${extensionPath}`]),
    // (pages' navigator.language follows the UI language by itself: ui-language.ts reads it to
    // check that Chromium could run in this language)
    ...(locale === undefined ? [] : [`--lang=${locale}`]),
    // the browser's own UI dark, and prefers-color-scheme: dark in every page and extension page
    ...(colorScheme === 'dark' ? ['--force-dark-mode'] : []),
    ...args.filter((arg) => !FEATURE_SWITCH.test(arg)),
    url,
  ]
}

/**
 * The environment the UI language needs: on Linux, Chromium 156 reads its UI locale from LANGUAGE
 * (`--lang` then sets only which `_locales` folder extensions use, and getUILanguage stays en-US).
 */
export function chromeEnv(locale: string | undefined): Record<string, string> {
  return locale === undefined ? {} : { LANGUAGE: locale.replace('-', '_') }
}
