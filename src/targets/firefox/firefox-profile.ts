// Every launch gets a throw-away Firefox profile whose user.js makes it quiet and
// deterministic: no first-run or what's-new pages, no telemetry, updates or remote settings, the
// extension's action on the toolbar and its moz-extension:// UUID chosen before the first frame.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ColorScheme } from '../browser.ts'
import { downloadFolder, emptyDownloadFolder } from '../download-folder.ts'

export interface FirefoxProfile {
  readonly dir: string
  /** Deletes the folder; call once Firefox has exited. */
  remove(): Promise<void>
}

/** The extension whose button the profile puts on the toolbar: its add-on id and the UUID of its moz-extension:// origin. */
export interface ToolbarExtension {
  addonId: string
  uuid: string
}

/** Firefox's widget id for an extension's action: the add-on id lowercased, every character outside [a-z0-9_-] made `_`. */
export function actionWidgetId(addonId: string): string {
  return `${addonId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`
}

export type PrefValue = string | number | boolean

/** The language, theme and scale the profile asks for; absent: the machine's. */
export interface ProfileAppearance {
  locale?: string | undefined
  colorScheme?: ColorScheme | undefined
  /** Device pixels per CSS pixel, for the browser's own UI and every page. */
  deviceScaleFactor?: number | undefined
}

/** The X display Firefox opens on: whether a window manager runs there (x11/window-manager.ts). */
export interface ProfileDisplay {
  windowManager: boolean
}

/** The prefs of a test profile. */
export function firefoxPrefs(extension?: ToolbarExtension, { locale, colorScheme, deviceScaleFactor }: ProfileAppearance = {}, { windowManager }: ProfileDisplay = { windowManager: true }): Record<string, PrefValue> {
  return {
    // No first-run, what's-new, default-browser or session-restore pages or prompts.
    'browser.shell.checkDefaultBrowser': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'browser.startup.page': 0,
    'browser.aboutwelcome.enabled': false,
    'startup.homepage_welcome_url': '',
    'startup.homepage_welcome_url.additional': '',
    'browser.sessionstore.resume_from_crash': false,
    'browser.tabs.warnOnClose': false,
    'browser.translations.automaticallyPopup': false,
    'signon.rememberSignons': false,
    // No telemetry, no updates, no remote settings or other traffic on a closed network.
    'datareporting.policy.dataSubmissionEnabled': false,
    'datareporting.healthreport.uploadEnabled': false,
    'toolkit.telemetry.enabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'app.update.disabledForTesting': true,
    'app.update.auto': false,
    'extensions.update.enabled': false,
    'extensions.getAddons.cache.enabled': false,
    'services.settings.server': 'data:,',
    'browser.safebrowsing.malware.enabled': false,
    'browser.safebrowsing.phishing.enabled': false,
    'browser.safebrowsing.downloads.enabled': false,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'browser.discovery.enabled': false,
    // No spare content process started ahead of the next tab: a test opens few, and the spare cost
    // ~0.5 CPU-s of each start here (4.8-5.7 CPU-s to ready without it, 5.3-6.1 with).
    'dom.ipc.processPrelaunch.enabled': false,
    // Nor a new-tab page loaded ahead in a process of its own (a new tab loads it when opened), and
    // networking in the main process rather than a socket process, as Chromium's network service
    // runs here (chrome-args.ts): 3.5 CPU-s a launch instead of 4.3, 7 processes instead of 9.
    'browser.newtab.preload': false,
    'network.process.enabled': false,
    // Without a window manager, moving the pointer into an extension popup closes it before a click
    // lands; this pref keeps it open, on Escape and on a click elsewhere too: a fallback only.
    ...(!windowManager && { 'ui.popup.disable_autohide': true }),
    // A reset uninstalls and reinstalls the extension: its origin must stay the same across that.
    'extensions.webextensions.keepUuidOnUninstall': true,
    // The UI language, which `_locales` and i18n.getUILanguage() follow (its language pack must be
    // installed: launch-firefox checks it took), and the theme: Firefox's own UI and pages'
    // prefers-color-scheme follow what it believes the desktop's is.
    ...(locale !== undefined && { 'intl.locale.requested': locale.replace('_', '-') }),
    ...(colorScheme !== undefined && { 'ui.systemUsesDarkTheme': colorScheme === 'dark' ? 1 : 0 }),
    // The scale: Firefox's toolbar and pages drawn at this many device pixels per CSS pixel (a string pref).
    ...(deviceScaleFactor !== undefined && { 'layout.css.devPixelsPerPx': String(deviceScaleFactor) }),
    ...(extension && {
      // The action's button in the toolbar, not in the extensions menu (Chrome's "pinned").
      'browser.uiCustomization.state': JSON.stringify({
        placements: { 'nav-bar': ['back-button', 'forward-button', 'stop-reload-button', 'urlbar-container', actionWidgetId(extension.addonId), 'unified-extensions-button'] },
        seen: [actionWidgetId(extension.addonId)],
        dirtyAreaCache: ['nav-bar'],
        currentVersion: 20,
        newElementCount: 0,
      }),
      // Its origin, moz-extension://<uuid>/, known before install (Firefox picks a random one otherwise).
      'extensions.webextensions.uuids': JSON.stringify({ [extension.addonId]: extension.uuid }),
    }),
  }
}

/** user.js text for `prefs`. */
export function userJs(prefs: Record<string, PrefValue>): string {
  return Object.entries(prefs)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
    .join('')
}

/** Creates `<tmp>/agentprobe-firefox-XXXXXX/user.js`, in a copy of `template` (profile-template.ts) when given. */
export async function createFirefoxProfile(extension: ToolbarExtension | undefined, appearance: ProfileAppearance, display: ProfileDisplay, template?: string): Promise<FirefoxProfile> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-firefox-'))
  if (template !== undefined) await cp(template, dir, { recursive: true })
  await emptyDownloadFolder(downloadFolder(dir))
  // (downloads to the profile's own folder, without asking: download-folder.ts)
  const downloads = { 'browser.download.dir': downloadFolder(dir), 'browser.download.folderList': 2, 'browser.download.useDownloadDir': true }
  await writeFile(join(dir, 'user.js'), userJs({ ...firefoxPrefs(extension, appearance, display), ...downloads }))
  return { dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) }
}
