// Firefox's own window (browser.xhtml), reached over WebDriver BiDi's `moz:scope: 'chrome'` (which
// needs Firefox started with -remote-allow-system-access). Measured on Firefox ESR 153: BiDi lists
// tabs only, and refuses to navigate one to a moz-extension:// page; an extension's popup, sidebar
// and background page are no BiDi context at all. The browser window knows all of them: its
// extension record lists the add-on's views, and a tab it opens may hold an extension page.
import { TargetError } from '../../core/errors.ts'
import type { BidiCall } from './bidi-call.ts'
import { fromRemoteValue, type RemoteValue } from './remote-value.ts'

/** One page of the add-on as Firefox's extension record lists it: viewType 'background', 'popup', 'sidebar', 'tab'. */
export interface ExtensionView {
  type: string
  url: string
  title: string
  /** Whether a tab of a browser window holds it: a 'tab' view may not (the options page about:addons embeds). */
  inTab: boolean
}

/** What the browser window says of the add-on and its tabs at one moment. */
export interface WindowState {
  /** The add-on's moz-extension:// origin with a trailing slash; undefined when it is not installed. */
  baseUrl: string | undefined
  /** 'running', 'suspending', 'stopped'…, as Firefox keeps it for the add-on's background. */
  backgroundState: string | undefined
  views: ExtensionView[]
  /** Every tab of the window in order: its URL and title. */
  tabs: { url: string; title: string }[]
}

// Runs in the browser window: its tabs, and the add-on's record from ExtensionParent.
const STATE = `(addonId) => {
  const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs')
  const extension = ExtensionParent.GlobalManager.getExtension(addonId)
  const tabs = gBrowser.tabs.map((tab) => ({ url: tab.linkedBrowser.currentURI.spec, title: tab.linkedBrowser.contentTitle || '' }))
  const views = extension ? [...extension.views].map((v) => ({ type: v.viewType, url: v.uri ? v.uri.spec : '', title: (v.xulBrowser && v.xulBrowser.contentTitle) || '', inTab: !!v.xulBrowser?.ownerDocument?.defaultView?.gBrowser?.getTabForBrowser(v.xulBrowser) })) : []
  return JSON.stringify({ baseUrl: extension && extension.baseURL, backgroundState: extension && extension.backgroundState, views, tabs })
}`

// A tab on any URL, moz-extension:// included (a trusted tab has the system principal as its opener).
const OPEN_TAB = `(url, background) => {
  const tab = gBrowser.addTrustedTab(url, { inBackground: background })
  if (!background) gBrowser.selectedTab = tab
  return true
}`

// The temporary add-on read again from its folder, as about:debugging's Reload does.
const RELOAD = `async (addonId) => {
  const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs')
  const addon = await AddonManager.getAddonByID(addonId)
  if (!addon) return 'not installed'
  await addon.reload()
  return 'reloaded'
}`

// Firefox's default zoom (Settings › General › Zoom), a global content pref rather than a user.js
// pref: set as the settings page sets it, it applies to the open tabs and every page loaded after.
const DEFAULT_ZOOM = `async (zoom) => {
  const prefs = Cc['@mozilla.org/content-pref/service;1'].getService(Ci.nsIContentPrefService2)
  await new Promise((resolve, reject) => prefs.setGlobal('browser.content.full-zoom', Number(zoom), null, { handleCompletion: resolve, handleError: reject }))
  return true
}`

// Every cookie and every site's storage (localStorage, IndexedDB, Cache Storage, service workers),
// as Settings' "Clear browsing data" does. A flag's name Firefox no longer has would read as 0 and
// clear nothing: each is checked.
const CLEAR_SITE_DATA = `() => new Promise((resolve, reject) => {
  const names = ['CLEAR_COOKIES', 'CLEAR_DOM_STORAGES']
  const missing = names.filter((name) => typeof Ci.nsIClearDataService[name] !== 'number')
  if (missing.length > 0) return reject(new Error('nsIClearDataService has no ' + missing.join(', ')))
  const flags = names.reduce((all, name) => all | Ci.nsIClearDataService[name], 0)
  Services.clearData.deleteData(flags, (failed) => (failed ? reject(new Error('nsIClearDataService could not clear flags ' + failed)) : resolve(true)))
})`

const string = (value: string | boolean) => (typeof value === 'string' ? { type: 'string', value } : { type: 'boolean', value })

/** The browser window of one Firefox, found once and kept. */
export class BrowserWindow {
  readonly #call: BidiCall
  #context: Promise<string> | undefined

  constructor(call: BidiCall) {
    this.#call = call
  }

  /** The add-on's views and the window's tabs, now. */
  async state(addonId: string): Promise<WindowState> {
    return JSON.parse((await this.run(STATE, [addonId])) as string) as WindowState
  }

  /** Opens `url` in a new tab, in front unless `background`. */
  async openTab(url: string, background: boolean): Promise<void> {
    await this.run(OPEN_TAB, [url, background])
  }

  /** Removes every cookie and every site's storage (see CLEAR_SITE_DATA). */
  async clearSiteData(): Promise<void> {
    await this.run(CLEAR_SITE_DATA, [])
  }

  /** Puts the keyboard in the address bar, as Firefox leaves it on a window's first blank tab (without the suggestions a person's Ctrl+L opens). */
  async focusAddressBar(): Promise<void> {
    await this.run('() => { gURLBar.focus(); return true }', [])
  }

  /** The language Firefox's UI runs in ('ar', 'en-US'): the requested one only when its language pack is installed. */
  async appLocale(): Promise<string> {
    return (await this.run('() => Services.locale.appLocaleAsBCP47', [])) as string
  }

  /** Sets the default page zoom (1.5 is 150%) for this profile. */
  async setDefaultZoom(zoom: number): Promise<void> {
    await this.run(DEFAULT_ZOOM, [String(zoom)])
  }

  /** Reloads the temporary add-on from its folder; a TargetError when it is not installed. */
  async reloadAddon(addonId: string): Promise<void> {
    if ((await this.run(RELOAD, [addonId])) !== 'reloaded') throw new TargetError(`reloadExtension: the add-on ${addonId} is not installed in this Firefox`)
  }

  /** Calls `functionDeclaration` in the browser window with `args` (strings, booleans) and returns its value; a throw is a TargetError. */
  async run(functionDeclaration: string, args: (string | boolean)[]): Promise<unknown> {
    const context = await (this.#context ??= this.#find())
    const result = await this.#call<{ type: string; result?: RemoteValue; exceptionDetails?: { text: string } }>('script.callFunction', {
      functionDeclaration,
      arguments: args.map(string),
      target: { context },
      awaitPromise: true,
    })
    if (result.type === 'exception') throw new TargetError(`Firefox's browser window threw: ${result.exceptionDetails?.text ?? 'an exception'}`)
    return fromRemoteValue(result.result ?? { type: 'undefined' })
  }

  async #find(): Promise<string> {
    const { contexts } = await this.#call<{ contexts: { context: string; url: string }[] }>('browsingContext.getTree', { 'moz:scope': 'chrome', maxDepth: 0 }).catch((error: unknown) => {
      this.#context = undefined
      throw error
    })
    const window = contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml')
    if (window === undefined) {
      this.#context = undefined
      throw new TargetError(`Firefox lists no browser window over WebDriver BiDi (chrome contexts: ${contexts.map((c) => c.url).join(', ') || 'none'})`)
    }
    return window.context
  }
}
