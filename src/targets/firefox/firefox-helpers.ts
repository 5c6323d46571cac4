// The `chrome` fixture on Firefox: the deterministic helpers a test uses on Chromium, with the same
// names and meaning, over WebDriver BiDi. Tabs are BiDi contexts; the add-on's popup, sidebar and
// background page are reached through a tab on one of its pages (see view-expression.ts), and its
// record and reload through Firefox's own window (browser-window.ts); its context menu, commands
// and permissions in modules of their own, through AddonAccess. What Firefox cannot offer fails
// naming the Firefox way (firefox-unsupported.ts).
import { raceAbort } from '../../core/abort.ts'
import { ConfigError, TargetError, TimeoutError } from '../../core/errors.ts'
import type { ChromeFixture } from '../browser.ts'
import type { EvaluateOptions, WaitOptions } from '../chrome/chrome-calls.ts'
import type { InstalledVersion, UpdatedVersion } from '../chrome/extension-versions.ts'
import type { VersionSource } from '../chrome/version-source.ts'
import type { ExtensionCommand } from '../chrome/commands.ts'
import type { ContextMenuItem, ContextMenuOptions } from '../chrome/context-menu.ts'
import { describeFilter, describeTarget, describeTargets, matchTarget, type TargetFilter, type TargetInfo } from '../chrome/match-target.ts'
import type { Granted, PermissionRequest, PermissionSet } from '../chrome/permissions.ts'
import { pollUntil } from '../chrome/poll.ts'
import { storageExpression, type StorageArea } from '../storage-area.ts'
import { buildIdentity, installFolder, stageVersion } from './addon-versions.ts'
import type { AddonAccess } from './addon-access.ts'
import type { BidiCall } from './bidi-call.ts'
import { BrowserWindow } from './browser-window.ts'
import { firefoxCommands, firefoxShortcut } from './firefox-commands.ts'
import { firefoxContextMenu } from './firefox-context-menu.ts'
import { firefoxGrantPermissions, firefoxPermissions, firefoxRevokePermissions } from './firefox-permissions.ts'
import { firefoxLacks } from './firefox-unsupported.ts'
import { BACKGROUND_TYPE, firefoxFilter, firefoxTargets, tabContext } from './firefox-targets.ts'
import { fromRemoteValue, type RemoteValue } from './remote-value.ts'
import { armGesture, clickWithInput, GESTURE_OUTCOME } from './user-gesture.ts'
import { inView } from './view-expression.ts'

const PAGE_LOAD_MS = 15_000
// Resolves once the document has loaded.
const LOADED = `document.readyState === 'complete' || new Promise((resolve) => addEventListener('load', () => resolve(true), { once: true }))`

// The armed button's outcome, once: its click must have run the code.
const TAKE_GESTURE_OUTCOME = `(() => {
  const outcome = ${GESTURE_OUTCOME}
  delete ${GESTURE_OUTCOME}
  if (outcome === undefined) throw new Error('the click meant to run it as the user did not reach the page (something was in front of it)')
  return outcome
})()`

type Evaluated = { type: 'success'; result: RemoteValue } | { type: 'exception'; exceptionDetails: { text: string } }

export interface FirefoxHelpersOptions {
  /** The WebDriver BiDi port Firefox listens on. */
  port: number
  version: string
  /** The add-on id Firefox answered at install. */
  extensionId: string | undefined
  /** Raw BiDi commands over the one session (relayed from a worker). */
  call: BidiCall
  /** Aborted when Firefox dies. */
  signal: AbortSignal
  /** The X display Firefox draws on, for the helpers that answer its doorhangers with real clicks. */
  display?: string | undefined
  /** Lets go of what watches Firefox (not Firefox). */
  onClose?: () => void
  /** The build under test's folder, which update() installs. */
  extensionPath?: string | undefined
  /** Where installVersion() stages the versions it installs: a folder of the browser's profile, which outlives them. */
  stagingRoot?: string | undefined
  /** Resolves once the screen shows the toolbar drawn again (after a version is installed or updated). */
  toolbarDrawn?: (() => Promise<void>) | undefined
  /** The folder Firefox saves downloads to (download-folder.ts). */
  downloadFolder?: string | undefined
}

export class FirefoxHelpers implements ChromeFixture {
  readonly port: number
  readonly version: string
  readonly extensionId: string | undefined
  readonly signal: AbortSignal
  readonly #call: BidiCall
  readonly #window: BrowserWindow
  readonly #display: string | undefined
  readonly #onClose: (() => void) | undefined
  readonly #versions: Pick<FirefoxHelpersOptions, 'extensionPath' | 'stagingRoot' | 'toolbarDrawn'>
  readonly #downloadFolder: string | undefined
  /** The version installVersion() put in place of the build, until update() replaces it. */
  #installed: string | undefined

  constructor({ port, version, extensionId, call, signal, display, onClose, downloadFolder, ...versions }: FirefoxHelpersOptions) {
    this.port = port
    this.version = version
    this.extensionId = extensionId
    this.signal = signal
    this.#call = call
    this.#window = new BrowserWindow(call)
    this.#display = display
    this.#onClose = onClose
    this.#downloadFolder = downloadFolder
    this.#versions = versions
  }

  /** The folder Firefox saves downloads to: its throw-away profile's, emptied by the reset between test files. */
  downloadFolder(): string {
    if (this.#downloadFolder === undefined) throw new ConfigError("downloadFolder(): this Firefox's profile folder is not known")
    return this.#downloadFolder
  }

  /** The tabs, and the add-on's popup, sidebar and background page, that match `filter` (a `service_worker` filter means the background page). */
  async targets(filter: TargetFilter = {}): Promise<TargetInfo[]> {
    const [tree, state] = await Promise.all([this.#tabs(), this.#window.state(this.extensionId ?? '')])
    const wanted = firefoxFilter(filter)
    return firefoxTargets(tree, state).filter((t) => matchTarget(t, wanted))
  }

  /** The first target matching `filter`, polled until `timeout`; else a TargetError listing what was seen. */
  async waitForTarget(filter: TargetFilter, { timeout = 5000, signal }: WaitOptions = {}): Promise<TargetInfo> {
    const seen = new Map<string, TargetInfo>()
    const wanted = firefoxFilter(filter)
    return pollUntil(
      async () => {
        const all = await this.targets()
        for (const target of all) seen.set(target.id, target)
        return all.find((target) => matchTarget(target, wanted))
      },
      () => new TargetError(`no target matched ${describeFilter(filter)} within ${Math.round(timeout)} ms; targets seen:\n${describeTargets([...seen.values()])}`, { context: { filter: describeFilter(filter), seen: [...seen.values()] } }),
      { timeout, interval: 50, signal: this.#with(signal) },
    )
  }

  /**
   * Runs `expression` in the first target matching `filter` and returns its value (promises awaited).
   * A suspended background page is woken first. In a popup, sidebar or background page it runs as
   * one expression with that page's globals in scope (view-expression.ts). A throw is a TargetError.
   * `userGesture` runs it inside the handler of a click Firefox takes as the user's, in a tab only
   * (user-gesture.ts): such a click in a tab did not count in the add-on's background (measured).
   */
  async evaluate<T = unknown>(filter: TargetFilter, expression: string, { timeout = 5000, signal, userGesture = false }: EvaluateOptions = {}): Promise<T> {
    signal?.throwIfAborted()
    const start = performance.now()
    const target = (await this.targets(filter))[0] ?? (await this.#wakeAndWait(filter, { timeout, signal }))
    const deadline = timeoutSignal(Math.max(0, timeout - (performance.now() - start)), () => new TimeoutError(`evaluate in ${describeTarget(target)} did not settle within ${timeout} ms`))
    const context = tabContext(target)
    if (userGesture && context === undefined) {
      throw new ConfigError(`evaluate in ${describeTarget(target)} with userGesture: Firefox takes a user's gesture in a tab only (measured: a click in a tab of the add-on did not let its background call permissions.request); open the page in a tab (chrome.openExtensionPage) and evaluate there`)
    }
    const evaluated = await raceAbort(
      context === undefined
        ? this.#inExtensionTab((tab) => this.#evaluateIn(tab, inView(viewType(target), target.url, expression)))
        : userGesture
          ? this.#asUser(expression, context)
          : this.#evaluateIn(context, expression),
      this.#with(signal, deadline),
    )
    if (evaluated.type === 'exception') throw new TargetError(`evaluate in ${describeTarget(target)} threw: ${evaluated.exceptionDetails.text}`, { context: { target, expression } })
    return fromRemoteValue(evaluated.result) as T
  }

  /** Opens moz-extension://<uuid>/<path> in a new tab in front, waits for it to load and returns its target. */
  async openExtensionPage(path: string, options: WaitOptions = {}): Promise<TargetInfo> {
    return this.openPage(`${await this.#baseUrl(`openExtensionPage('${path}')`)}${path.replace(/^\/+/, '')}`, options)
  }

  /** Opens `url` in a new tab (in front, or behind with `hidden`: Firefox has no tab off the screen), waits for it to load and returns its target. */
  async openPage(url: string, { timeout = PAGE_LOAD_MS, signal, hidden = false }: WaitOptions & { hidden?: boolean } = {}): Promise<TargetInfo> {
    signal?.throwIfAborted()
    const before = new Set((await this.#tabs()).map((t) => t.context))
    await this.#window.openTab(url, hidden)
    const context = await this.#newTab(before, url, { timeout, signal })
    return (await this.targets()).find((t) => t.id === context) ?? { id: context, type: 'page', url, title: '' }
  }

  /**
   * Closes a tab, or the add-on's popup or sidebar; the background page is the add-on's own and is not
   * closed. Both answer once the target is gone from targets(), as Chromium's closeTarget waits to.
   */
  async closeTarget(targetId: string): Promise<void> {
    const target = (await this.targets()).find((t) => t.id === targetId)
    if (target === undefined || tabContext(target) !== undefined) {
      await this.#call('browsingContext.close', { context: targetId })
      return
    }
    if (target.type === BACKGROUND_TYPE) throw new TargetError(`closeTarget: ${describeTarget(target)} is the add-on's background page, which Firefox runs for as long as the add-on runs (chrome.reloadExtension() restarts it)`)
    await this.#inExtensionTab((tab) => this.#call('script.evaluate', { expression: inView(viewType(target), target.url, 'close()'), target: { context: tab }, awaitPromise: true }))
  }

  /** Navigates a tab to `url` and waits for its load; not to a moz-extension:// page, which Firefox's BiDi refuses (use openExtensionPage). */
  async navigate(targetId: string, url: string, { timeout = PAGE_LOAD_MS, signal }: WaitOptions = {}): Promise<void> {
    if (url.startsWith('moz-extension:')) throw new ConfigError(`navigate to ${url}: Firefox's WebDriver BiDi refuses to navigate a tab to an extension page; open it with chrome.openExtensionPage(path)`)
    const deadline = timeoutSignal(timeout, () => new TimeoutError(`${url} did not load within ${timeout} ms`))
    await raceAbort(this.#call('browsingContext.navigate', { context: targetId, url, wait: 'complete' }), this.#with(signal, deadline))
  }

  /** Everything in the extension's storage.local (or sync, session). */
  async storage(area: StorageArea = 'local', { timeout = 5000, signal }: WaitOptions = {}): Promise<Record<string, unknown>> {
    return this.#inExtensionPage(storageExpression(area, 'get'), `storage('${area}')`, { timeout, signal }) as Promise<Record<string, unknown>>
  }

  /** Clears the extension's storage.local (or sync, session), as chrome.storage.<area>.clear() would. */
  async clearStorageArea(area: StorageArea = 'local', { timeout = 5000, signal }: WaitOptions = {}): Promise<void> {
    await this.#inExtensionPage(storageExpression(area, 'clear'), `clearStorageArea('${area}')`, { timeout, signal })
  }

  /** Reloads the temporary add-on from its folder, as about:debugging's Reload does: its pages close, its background starts again. */
  async reloadExtension({ timeout = 15_000, signal }: WaitOptions = {}): Promise<{ ms: number }> {
    if (this.extensionId === undefined) throw new ConfigError('reloadExtension() needs an extension, but none was installed')
    const start = performance.now()
    const hadBackground = (await this.targets({ type: BACKGROUND_TYPE })).length > 0
    const deadline = timeoutSignal(timeout, () => new TimeoutError(`the add-on ${this.extensionId} did not reload within ${timeout} ms`))
    await raceAbort(this.#window.reloadAddon(this.extensionId), this.#with(signal, deadline))
    if (hadBackground) await this.waitForTarget({ type: BACKGROUND_TYPE }, { timeout: Math.max(0, timeout - (performance.now() - start)), signal })
    return { ms: Math.round(performance.now() - start) }
  }

  /** The manifest's keyboard commands, each with the key that reaches the add-on, or '' and the reason none does (a key Firefox keeps for itself). */
  async commands(options?: WaitOptions): Promise<ExtensionCommand[]> {
    return firefoxCommands(this.#addon('commands()'), options)
  }

  /** The keys of command `name` as `screen.press` takes them ('alt+shift+k'); a TargetError when none reaches the add-on. */
  async shortcut(name: string, options?: WaitOptions): Promise<string> {
    return firefoxShortcut(this.#addon(`shortcut('${name}')`), name, options)
  }

  /** The optional (and required) API permissions and host origins the add-on holds now. */
  async permissions(options?: WaitOptions): Promise<PermissionSet> {
    return firefoxPermissions(this.#addon('permissions()'), options)
  }

  /** Grants optional permissions as a user allowing Firefox's doorhanger would: the request and the Allow are real clicks. */
  async grantPermissions(request: PermissionRequest, options?: WaitOptions): Promise<Granted> {
    if (this.#display === undefined) throw new TargetError("chrome.grantPermissions() clicks Firefox's doorhanger with real input, and this Firefox's X display is not known (it was not launched by agentprobe)")
    return firefoxGrantPermissions(this.#addon('grantPermissions()'), this.#display, request, options)
  }

  /** Removes optional permissions, as the add-on's own permissions.remove would (no prompt). */
  async revokePermissions(request: PermissionRequest, options?: WaitOptions): Promise<void> {
    return firefoxRevokePermissions(this.#addon('revokePermissions()'), request, options)
  }

  /** The add-on's context-menu items as Firefox registered them (from the browser's own record of them). */
  async contextMenu(options?: ContextMenuOptions): Promise<ContextMenuItem[]> {
    return firefoxContextMenu(this.#addon('contextMenu()'), options)
  }

  triggerAction = (): Promise<never> => Promise.reject(firefoxLacks('triggerAction'))
  stopServiceWorker = (): Promise<never> => Promise.reject(firefoxLacks('stopServiceWorker'))
  serviceWorkerState = (): Promise<never> => Promise.reject(firefoxLacks('serviceWorkerState'))
  pipe = (): Promise<never> => Promise.reject(firefoxLacks('pipe'))
  session = (): Promise<never> => Promise.reject(firefoxLacks('session'))
  clearStorage = (): Promise<never> => Promise.reject(firefoxLacks('clearStorage'))

  /**
   * Installs the version users have in place of the build under test, as a fresh install (the
   * build and its data removed), under the build's gecko id: a folder, a .zip or .crx, or
   * `{ git, build, output }`. Its onInstalled fires with reason 'install'; call update() next.
   */
  async installVersion(source: VersionSource, { cwd, signal }: WaitOptions & { cwd?: string } = {}): Promise<InstalledVersion> {
    const started = performance.now()
    const build = await buildIdentity(this.#versions.extensionPath, 'installVersion')
    if (this.#versions.stagingRoot === undefined) throw new ConfigError('installVersion() needs a folder to stage versions in, which this Firefox connection was not given')
    const staged = await stageVersion(source, build, { cwd, signal, stagingRoot: this.#versions.stagingRoot })
    await raceAbort(installFolder(this.#call, build.id, staged.path, { fresh: true }), this.#with(signal))
    this.#installed = staged.version
    await this.#versions.toolbarDrawn?.()
    return { id: build.id, version: staged.version, ms: Math.round(performance.now() - started) }
  }

  /** Replaces the installed version with the build under test, as Firefox's add-on update does: storage and origin kept, onInstalled with reason 'update'. */
  async update({ signal }: WaitOptions = {}): Promise<UpdatedVersion> {
    const started = performance.now()
    const build = await buildIdentity(this.#versions.extensionPath, 'update')
    const previousVersion = this.#installed
    if (previousVersion === undefined) throw new ConfigError(`update() replaces the version chrome.installVersion(source) installed, but none was installed in this file: call chrome.installVersion(source) first`)
    await raceAbort(installFolder(this.#call, build.id, build.path, { fresh: false }), this.#with(signal))
    this.#installed = undefined
    await this.#versions.toolbarDrawn?.()
    return { id: build.id, version: build.version, previousVersion, ms: Math.round(performance.now() - started) }
  }

  /** Lets go of the helpers (Firefox stays). */
  async close(): Promise<void> {
    this.#onClose?.()
  }

  // What the surface modules (menus, commands, permissions) reach the add-on through.
  #addon(call: string): AddonAccess {
    const addonId = this.extensionId
    if (addonId === undefined) throw new ConfigError(`${call} needs an extension, but none was installed`)
    return {
      addonId,
      window: this.#window,
      signal: this.signal,
      inAddonPage: async <T>(expression: string, name: string, { timeout = 5000, signal }: WaitOptions = {}) => (await this.#inExtensionPage(expression, name, { timeout, signal })) as T,
      inFrontAddonTab: (run, options) => this.#inFrontTab(run, options),
    }
  }

  // A tab in front on the add-on's manifest.json (a page with its APIs), for a real click to land in; closed after.
  async #inFrontTab<T>(run: (evaluate: <R = unknown>(expression: string) => Promise<R>) => Promise<T>, { timeout = PAGE_LOAD_MS, signal }: WaitOptions = {}): Promise<T> {
    const tab = await this.openExtensionPage('manifest.json', { timeout, signal })
    const evaluate = async <R = unknown>(expression: string): Promise<R> => {
      const evaluated = await raceAbort(this.#call<Evaluated>('script.evaluate', { expression, target: { context: tab.id }, awaitPromise: true, resultOwnership: 'none' }), this.#with(signal))
      if (evaluated.type === 'exception') throw new TargetError(`in a tab of the add-on: ${evaluated.exceptionDetails.text}`, { context: { expression } })
      return fromRemoteValue(evaluated.result) as R
    }
    try {
      return await run(evaluate)
    } finally {
      await this.#call('browsingContext.close', { context: tab.id }).catch(() => undefined)
    }
  }

  #evaluateIn(context: string, expression: string): Promise<Evaluated> {
    return this.#call<Evaluated>('script.evaluate', { expression, target: { context }, awaitPromise: true, resultOwnership: 'none' })
  }

  // `expression` run inside the handler of a click Firefox takes as the user's (user-gesture.ts).
  async #asUser(expression: string, context: string): Promise<Evaluated> {
    const armed = await this.#evaluateIn(context, armGesture(expression))
    if (armed.type === 'exception') return armed
    await clickWithInput(this.#call, context, fromRemoteValue(armed.result) as { x: number; y: number })
    return this.#evaluateIn(context, TAKE_GESTURE_OUTCOME)
  }

  async #tabs(): Promise<{ context: string; url: string }[]> {
    const { contexts } = await this.#call<{ contexts: { context: string; url: string }[] }>('browsingContext.getTree', { maxDepth: 0 })
    return contexts.map(({ context, url }) => ({ context, url }))
  }

  async #baseUrl(call: string): Promise<string> {
    if (this.extensionId === undefined) throw new ConfigError(`${call} needs an extension, but none was installed`)
    const { baseUrl } = await this.#window.state(this.extensionId)
    if (baseUrl === undefined || baseUrl === null) throw new TargetError(`${call}: the add-on ${this.extensionId} is not installed in this Firefox now`)
    return baseUrl
  }

  // A new tab's BiDi context once it is on `url` and loaded.
  async #newTab(before: Set<string>, url: string, { timeout, signal }: { timeout: number; signal?: AbortSignal | undefined }): Promise<string> {
    const context = await pollUntil(
      async () => (await this.#tabs()).find((t) => !before.has(t.context) && t.url === url)?.context,
      () => new TimeoutError(`${url} did not open in a new tab within ${timeout} ms`),
      { timeout, interval: 25, signal: this.#with(signal) },
    )
    await this.#call('script.evaluate', { expression: LOADED, target: { context }, awaitPromise: true, resultOwnership: 'none' })
    return context
  }

  // Runs `run` in a tab on a page of the add-on: one already open, else its manifest.json opened
  // behind the current tab for the call (Firefox gives that page the extension's APIs) and closed after.
  async #inExtensionTab<T>(run: (context: string) => Promise<T>): Promise<T> {
    const base = await this.#baseUrl('reaching the add-on')
    const tabs = await this.#tabs()
    const open = tabs.find((t) => t.url.startsWith(base))
    if (open !== undefined) return run(open.context)
    const url = `${base}manifest.json`
    await this.#window.openTab(url, true)
    const context = await this.#newTab(new Set(tabs.map((t) => t.context)), url, { timeout: PAGE_LOAD_MS })
    try {
      return await run(context)
    } finally {
      await this.#call('browsingContext.close', { context }).catch(() => undefined)
    }
  }

  async #inExtensionPage(expression: string, call: string, { timeout, signal }: { timeout: number; signal?: AbortSignal | undefined }): Promise<unknown> {
    const deadline = timeoutSignal(timeout, () => new TimeoutError(`${call} did not answer within ${timeout} ms`))
    const evaluated = await raceAbort(
      this.#inExtensionTab((context) => this.#call<Evaluated>('script.evaluate', { expression, target: { context }, awaitPromise: true, resultOwnership: 'none' })),
      this.#with(signal, deadline),
    )
    if (evaluated.type === 'exception') throw new TargetError(`${call}: ${evaluated.exceptionDetails.text}`)
    return fromRemoteValue(evaluated.result)
  }

  // A suspended event page is not listed; runtime.getBackgroundPage() from a page of the add-on starts it.
  async #wakeAndWait(filter: TargetFilter, options: WaitOptions): Promise<TargetInfo> {
    const type = firefoxFilter(filter).type
    if (this.extensionId !== undefined && (type === undefined || type === BACKGROUND_TYPE)) {
      await this.#inExtensionTab((context) => this.#call('script.evaluate', { expression: 'browser.runtime.getBackgroundPage().then(() => true)', target: { context }, awaitPromise: true })).catch(() => undefined)
    }
    return this.waitForTarget(filter, options)
  }

  #with(...signals: (AbortSignal | undefined)[]): AbortSignal {
    return AbortSignal.any([this.signal, ...signals.filter((s) => s !== undefined)])
  }
}

/** The view kind ('popup', 'sidebar', 'background') a target id names. */
function viewType(target: TargetInfo): string {
  return target.id.slice(0, target.id.indexOf(':'))
}

function timeoutSignal(ms: number, error: () => Error): AbortSignal {
  const controller = new AbortController()
  setTimeout(() => controller.abort(error()), ms).unref()
  return controller.signal
}
