// The `chrome` fixture's helpers Firefox cannot offer: each fails with what Firefox does instead,
// never as a silent no-op, so a file written for Chromium says at once where it needs Chromium.
import { ConfigError } from '../../core/errors.ts'

/** Why each Chromium-only helper has no Firefox twin, and what to use there. */
export const FIREFOX_INSTEAD = {
  triggerAction:
    "has no Firefox twin: Firefox's remote protocol (WebDriver BiDi) cannot press an add-on's toolbar button, and browser.action.openPopup() there needs a user gesture. Click the button by pixels (agent.do('Click the extension icon in the toolbar'), screen.click)",
  stopServiceWorker:
    'has nothing to stop on Firefox: an MV3 add-on there runs background.scripts as an event page, not a service worker (Firefox suspends it after 30 s idle, extensions.background.idle.timeout)',
  serviceWorkerState:
    "has no Firefox meaning: an MV3 add-on there runs background.scripts as an event page; chrome.targets({ type: 'background_page' }) says whether it runs now",
  pipe: "is Chromium's DevTools pipe; Firefox speaks WebDriver BiDi",
  session: "is a Chrome DevTools Protocol session; Firefox speaks WebDriver BiDi",
  clearStorage: "takes CDP storage types; on Firefox use chrome.clearStorageArea('local' | 'sync' | 'session')",
} as const

export type ChromiumOnly = keyof typeof FIREFOX_INSTEAD

/** The ConfigError `chrome.<helper>()` throws on Firefox. */
export function firefoxLacks(helper: ChromiumOnly): ConfigError {
  return new ConfigError(`chrome.${helper}() ${FIREFOX_INSTEAD[helper]}. (Running on Firefox; on Chromium it works as documented.)`, { context: { helper, browser: 'firefox' } })
}
