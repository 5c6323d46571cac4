// The `chrome` fixture's helpers Firefox cannot offer: each fails with what Firefox does instead,
// never as a silent no-op, so a file written for Chromium says at once where it needs Chromium.
import { ConfigError } from '../../core/errors.ts'

const BY_PIXELS = 'agent.do, screen.click and expect(screen).toShowText / toVerify'

/** Why each Chromium-only helper has no Firefox twin, and what to use there. */
export const FIREFOX_INSTEAD = {
  triggerAction:
    "has no Firefox twin: Firefox's remote protocol (WebDriver BiDi) cannot press an add-on's toolbar button, and browser.action.openPopup() there needs a user gesture. Click the button by pixels (agent.do('Click the extension icon in the toolbar'), screen.click)",
  commands:
    "reads Chrome's own record of assigned keys; on Firefox read the add-on's: chrome.evaluate({ type: 'background_page' }, 'browser.commands.getAll()') gives each command's name and shortcut",
  shortcut:
    "reads Chrome's own record of assigned keys; on Firefox read it from chrome.evaluate({ type: 'background_page' }, 'browser.commands.getAll()') and press it with screen.press",
  permissions:
    "is not built on Firefox yet; read them with chrome.evaluate({ type: 'background_page' }, 'browser.permissions.getAll()')",
  grantPermissions:
    "answers Chrome's permission prompt; Firefox asks in a doorhanger, which is not driven yet: answer it by pixels (" + BY_PIXELS + ')',
  revokePermissions:
    "is not built on Firefox yet; remove them with chrome.evaluate({ type: 'background_page' }, 'browser.permissions.remove({ … })')",
  stopServiceWorker:
    'has nothing to stop on Firefox: an MV3 add-on there runs background.scripts as an event page, not a service worker (Firefox suspends it after 30 s idle, extensions.background.idle.timeout)',
  serviceWorkerState:
    "has no Firefox meaning: an MV3 add-on there runs background.scripts as an event page; chrome.targets({ type: 'background_page' }) says whether it runs now",
  contextMenu:
    "reads Chrome's profile; Firefox keeps its menus in the browser process: open the context menu by pixels (screen.click with button: 'right') and read it with " + BY_PIXELS,
  pipe: "is Chromium's DevTools pipe; Firefox speaks WebDriver BiDi",
  session: "is a Chrome DevTools Protocol session; Firefox speaks WebDriver BiDi",
  clearStorage: "takes CDP storage types; on Firefox use chrome.clearStorageArea('local' | 'sync' | 'session')",
} as const

export type ChromiumOnly = keyof typeof FIREFOX_INSTEAD

/** The ConfigError `chrome.<helper>()` throws on Firefox. */
export function firefoxLacks(helper: ChromiumOnly): ConfigError {
  return new ConfigError(`chrome.${helper}() ${FIREFOX_INSTEAD[helper]}. (Running on Firefox; on Chromium it works as documented.)`, { context: { helper, browser: 'firefox' } })
}
