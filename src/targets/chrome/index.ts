// The Chromium target: launcher and the `chrome` fixture's CDP helpers.
export { ChromeHelpers, type WaitOptions } from './cdp.ts'
export type { ChromeEndpoint } from './endpoint.ts'
export { extensionIdForKey, extensionIdForPath } from './extension-id.ts'
export { browserVersion } from '../browser-version.ts'
export { findBrowser } from './find-browser.ts'
export { launchChrome, type ChromeProcess, type LaunchChromeOptions } from './launcher.ts'
export { describeFilter, describeTarget, matchTarget, type TargetFilter, type TargetInfo } from './match-target.ts'
