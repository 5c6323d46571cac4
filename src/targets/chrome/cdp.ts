// The `chrome` fixture: deterministic checks over the Chrome DevTools Protocol next to the pixels
// the agent sees — which targets exist, what a page, popup, side panel or the extension's service
// worker says. One browser-wide connection; pages are reached through flat sessions on it.
import { join } from 'node:path'
import { raceAbort } from '../../core/abort.ts'
import { ConfigError, TargetError, TimeoutError, isAgentprobeError } from '../../core/errors.ts'
import { CdpConnection } from './cdp-connection.ts'
import type { ChromeCalls, EvaluateOptions, TargetSession, WaitOptions } from './chrome-calls.ts'
import type { ChromeEndpoint, PipeCall } from './endpoint.ts'
import { exceptionText } from './exception-text.ts'
import { describeFilter, describeTarget, describeTargets, matchTarget, type TargetFilter, type TargetInfo } from './match-target.ts'
import { commandShortcut, listCommands, type ExtensionCommand } from './commands.ts'
import { allowPromptByKeys } from './permission-prompt.ts'
import { grantPermissions, grantedPermissions, revokePermissions, type Granted, type PermissionRequest, type PermissionSet } from './permissions.ts'
import { waitUntilGone } from './close-targets.ts'
import { pollUntil } from './poll.ts'
import { triggerAction, type TriggerActionOptions, type TriggeredAction } from './trigger-action.ts'
import { serviceWorkerState, stopServiceWorker, type WorkerState } from './worker-lifecycle.ts'
import { reloadLoadedExtension } from './extension-reload.ts'
import { registeredContextMenu, type ContextMenuItem, type ContextMenuOptions } from './context-menu.ts'
import { loadExtensionDir, type ExtensionDir } from './extension-dir.ts'
import { installVersion, restoreBuild, updateToBuild, type InstalledVersion, type UpdatedVersion, type VersionOptions } from './extension-versions.ts'
import { isExtensionsPage } from './extensions-page.ts'
import type { VersionSource } from './version-source.ts'
import { storageExpression, type StorageArea } from '../storage-area.ts'
import { downloadFolder } from '../download-folder.ts'

export type { EvaluateOptions, WaitOptions } from './chrome-calls.ts'

// A page load's deadline: on two loaded cores an extension page has taken over 5 s to load.
const PAGE_LOAD_MS = 15_000

// Resolves once the document has loaded; evaluated right after the navigation commits.
const LOADED = `document.readyState === 'complete' || new Promise((resolve) => addEventListener('load', () => resolve(true), { once: true }))`

/** What the holder of the browser's screen offers the helpers. */
export interface SeenBy {
  /**
   * Resolves once the screen shows the toolbar drawn and still, the extension's button in it: after
   * a version is installed or updated Chrome lays its toolbar out again, later than DevTools answers.
   */
  toolbarDrawn?: () => Promise<void>
}

export class ChromeHelpers implements ChromeCalls {
  readonly port: number
  readonly version: string
  /** Aborted with a TargetError coded AGENTPROBE_TARGET_CRASHED when the browser dies or its DevTools connection drops. */
  readonly signal: AbortSignal
  readonly #cdp: CdpConnection
  readonly #pipe: PipeCall | undefined
  readonly #userDataDir: string | undefined
  readonly #display: string | undefined
  readonly #extensionPath: string | undefined
  readonly #toolbarDrawn: (() => Promise<void>) | undefined
  // Changes when a test installs the version users have under the ID both versions share.
  #extensionId: string | undefined

  private constructor(endpoint: ChromeEndpoint, cdp: CdpConnection, seen: SeenBy) {
    this.port = endpoint.port
    this.version = endpoint.version
    this.#extensionId = endpoint.extensionId
    this.#extensionPath = endpoint.extensionPath
    this.#toolbarDrawn = seen.toolbarDrawn
    this.signal = cdp.signal
    this.#cdp = cdp
    this.#pipe = endpoint.pipe
    this.#userDataDir = endpoint.userDataDir
    this.#display = endpoint.display
  }

  /** The ID of the extension under test, as the browser runs it now. */
  get extensionId(): string | undefined {
    return this.#extensionId
  }

  /** Opens the browser-wide DevTools connection. */
  static async connect(endpoint: ChromeEndpoint, seen: SeenBy = {}): Promise<ChromeHelpers> {
    return new ChromeHelpers(endpoint, await CdpConnection.open(endpoint), seen)
  }

  /** The browser's targets (pages, popups, side panels, service workers…) that match `filter`; not the page reloads run from. */
  async targets(filter: TargetFilter = {}): Promise<TargetInfo[]> {
    const { targetInfos } = await this.#cdp.call('Target.getTargets', (c) => c.send('Target.getTargets'))
    return targetInfos.map(({ targetId, type, url, title }) => ({ id: targetId, type, url, title })).filter((t) => !isExtensionsPage(t) && matchTarget(t, filter))
  }

  /** The first target matching `filter`, polled until `timeout`; else a TargetError listing what was seen. */
  async waitForTarget(filter: TargetFilter, { timeout = 5000, signal }: WaitOptions = {}): Promise<TargetInfo> {
    const seen = new Map<string, TargetInfo>()
    return pollUntil(
      async () => {
        const all = await this.targets()
        for (const target of all) seen.set(target.id, target)
        return all.find((target) => matchTarget(target, filter))
      },
      () => {
        const list = describeTargets([...seen.values()])
        return new TargetError(`no target matched ${describeFilter(filter)} within ${Math.round(timeout)} ms; targets seen:\n${list}`, {
          context: { filter: describeFilter(filter), seen: [...seen.values()] },
        })
      },
      { timeout, interval: 50, signal: this.#with(signal) },
    )
  }

  /**
   * Runs `expression` in the first target matching `filter` and returns its value (promises awaited).
   * An idle extension service worker is started first. A throw in the page is a TargetError with its text.
   */
  async evaluate<T = unknown>(
    filter: TargetFilter,
    expression: string,
    { timeout = 5000, signal, userGesture = false }: EvaluateOptions = {},
  ): Promise<T> {
    signal?.throwIfAborted()
    const start = performance.now()
    const target = (await this.targets(filter))[0] ?? (await this.#wakeAndWait(filter, { timeout, signal }))
    const left = Math.max(0, timeout - (performance.now() - start))
    const deadline = timeoutSignal(left, () => new TimeoutError(`evaluate in ${describeTarget(target)} did not settle within ${timeout} ms`))
    const { result, exceptionDetails } = await raceAbort(
      this.#cdp.inSession(target.id, async (sessionId) => {
        await this.#cdp.contextReady(sessionId)
        if (target.type === 'service_worker' && target.url.startsWith('chrome-extension://')) await this.#extensionApisBound(sessionId, deadline)
        const params = { expression, awaitPromise: true, returnByValue: true, userGesture }
        return this.#cdp.call('Runtime.evaluate', (c) => c.send('Runtime.evaluate', params, sessionId))
      }),
      this.#with(signal, deadline),
    )
    if (exceptionDetails !== undefined) {
      throw new TargetError(`evaluate in ${describeTarget(target)} threw: ${exceptionText(exceptionDetails)}`, {
        context: { target, expression },
      })
    }
    return result.value as T
  }

  /** Opens chrome-extension://<id>/<path> in a new tab, waits for it to load and returns its target. */
  async openExtensionPage(path: string, { timeout = PAGE_LOAD_MS, signal }: WaitOptions = {}): Promise<TargetInfo> {
    if (this.extensionId === undefined) throw new ConfigError(`openExtensionPage('${path}') needs an extension, but none was loaded`)
    return this.openPage(`chrome-extension://${this.extensionId}/${path.replace(/^\/+/, '')}`, { timeout, signal })
  }

  /**
   * Opens `url` in a new tab, waits for it to load and returns its target. `hidden`: in no tab strip
   * and no window, off the agent's screen (a Chromium without `hidden`, which the installed protocol
   * types do not list yet, opens it as a background tab).
   */
  async openPage(url: string, { timeout = PAGE_LOAD_MS, signal, hidden = false }: WaitOptions & { hidden?: boolean } = {}): Promise<TargetInfo> {
    signal?.throwIfAborted()
    const params = { url: 'about:blank', ...(hidden && { background: true, hidden: true }) }
    const { targetId } = await this.#cdp.call('Target.createTarget', (c) => c.send('Target.createTarget', params))
    try {
      await this.navigate(targetId, url, { timeout, signal })
    } catch (error) {
      await this.closeTarget(targetId).catch(() => undefined)
      throw error
    }
    return (await this.targets()).find((t) => t.id === targetId) ?? { id: targetId, type: 'page', url, title: '' }
  }

  /** Closes one target (a tab, a popup, an extension page) and resolves once the browser no longer lists it. */
  async closeTarget(targetId: string, { timeout = 5000 }: Pick<WaitOptions, 'timeout'> = {}): Promise<void> {
    await this.#cdp.call('Target.closeTarget', (c) => c.send('Target.closeTarget', { targetId }))
    await waitUntilGone(this, [{ id: targetId }], timeout)
  }

  /** Navigates a page target to `url` and waits for its load event. */
  async navigate(targetId: string, url: string, { timeout = PAGE_LOAD_MS, signal }: WaitOptions = {}): Promise<void> {
    const deadline = timeoutSignal(timeout, () => new TimeoutError(`${url} did not load within ${timeout} ms`))
    await raceAbort(
      this.#cdp.inSession(targetId, async (sessionId) => {
        const { errorText } = await this.#cdp.call('Page.navigate', (c) => c.send('Page.navigate', { url }, sessionId))
        if (errorText) throw new TargetError(`could not open ${url}: ${errorText}`)
        await this.#cdp.call('Runtime.evaluate', (c) => c.send('Runtime.evaluate', { expression: LOADED, awaitPromise: true }, sessionId))
      }),
      this.#with(signal, deadline),
    )
  }

  /**
   * Clears `storageTypes` (comma-separated CDP StorageType names) of `storageKey`, e.g.
   * 'chrome-extension://<id>/', through a session on `targetId`: on the browser session itself
   * Storage.clearDataForStorageKey answers "Internal error".
   */
  async clearStorage(targetId: string, storageKey: string, storageTypes: string): Promise<void> {
    await this.#cdp.inSession(targetId, (sessionId) =>
      this.#cdp.call('Storage.clearDataForStorageKey', (c) => c.send('Storage.clearDataForStorageKey', { storageKey, storageTypes }, sessionId)),
    )
  }

  /**
   * One browser-level call over the DevTools pipe, for what the WebSocket answers "Method not
   * available" to (Extensions.triggerAction…); from a test worker it is relayed to the main process.
   */
  async pipe<T = unknown>(method: string, params: Record<string, unknown> = {}, { timeout = 5000, signal }: WaitOptions = {}): Promise<T> {
    if (this.#pipe === undefined) throw new TargetError(`${method} needs the DevTools pipe, and this browser was reached over its port alone (it was not launched by agentprobe)`)
    const deadline = timeoutSignal(timeout, () => new TimeoutError(`${method} over the DevTools pipe did not answer within ${timeout} ms`))
    return this.#cdp.call(method, () => raceAbort(this.#pipe!<T>(method, params), this.#with(signal, deadline)))
  }

  /** Runs `run` in a flat session attached to `targetId` (detached after), bounded by `timeout`. */
  async session<T>(targetId: string, run: (session: TargetSession) => Promise<T>, { timeout = 5000, signal }: WaitOptions = {}): Promise<T> {
    const deadline = timeoutSignal(timeout, () => new TimeoutError(`a DevTools session on target ${targetId} did not finish within ${timeout} ms`))
    const work = this.#cdp.inSession(targetId, (sessionId) =>
      run({
        send: <R>(method: string, params?: Record<string, unknown>) => this.#cdp.call(method, (c) => c.send(method as never, params as never, sessionId) as Promise<R>),
        on: (event, handler) => this.#cdp.on(event, sessionId, handler),
      }),
    )
    return raceAbort(work, this.#with(signal, deadline))
  }

  /** Everything in the extension's chrome.storage.local (or sync, session), read in a page of the extension opened off screen for the call. */
  async storage(area: StorageArea = 'local', options: WaitOptions = {}): Promise<Record<string, unknown>> {
    return this.#inExtensionPage(`storage('${area}')`, storageExpression(area, 'get'), options)
  }

  /** Clears the extension's chrome.storage.local (or sync, session), as chrome.storage.<area>.clear() would. */
  async clearStorageArea(area: StorageArea = 'local', options: WaitOptions = {}): Promise<void> {
    await this.#inExtensionPage(`clearStorageArea('${area}')`, storageExpression(area, 'clear'), options)
  }

  /** Runs the extension's action as a click on its icon would (its popup, or action.onClicked), without pixels. */
  triggerAction(options?: TriggerActionOptions): Promise<TriggeredAction> {
    return triggerAction(this, options)
  }

  /** The manifest's keyboard commands, each with the key Chrome assigned or the reason it assigned none. */
  commands(options?: WaitOptions): Promise<ExtensionCommand[]> {
    return listCommands(this, options)
  }

  /** The keys of command `name` as `screen.press` takes them ('ctrl+shift+y'); a TargetError when it has none. */
  shortcut(name: string, options?: WaitOptions): Promise<string> {
    return commandShortcut(this, name, options)
  }

  /** The optional (and required) API permissions and host origins the extension holds now. */
  permissions(options?: WaitOptions): Promise<PermissionSet> {
    return grantedPermissions(this, options)
  }

  /** Grants optional permissions as a user allowing Chrome's prompt would (the prompt is answered by keyboard). */
  grantPermissions(request: PermissionRequest, options?: WaitOptions): Promise<Granted> {
    if (this.#display === undefined) throw new TargetError(`chrome.grantPermissions() answers Chrome's prompt with real keys, and this browser's X display is not known (it was not launched by agentprobe)`)
    return grantPermissions(this, request, allowPromptByKeys(this.#display), options)
  }

  /** Removes optional permissions, as the extension's own chrome.permissions.remove would (no prompt). */
  revokePermissions(request: PermissionRequest, options?: WaitOptions): Promise<void> {
    return revokePermissions(this, request, options)
  }

  /** Stops the extension's service worker the way Chrome stops an idle one (not a reload); the next event starts it again. */
  stopServiceWorker(options?: WaitOptions): Promise<{ ms: number }> {
    return stopServiceWorker(this, options)
  }

  /** Whether the extension's service worker runs now ('none': it has none). */
  serviceWorkerState(options?: WaitOptions): Promise<WorkerState> {
    return serviceWorkerState(this, options)
  }

  /** Reloads the extension from its folder, as after a rebuild: onInstalled fires with reason 'update'. */
  reloadExtension(options?: WaitOptions): Promise<{ ms: number }> {
    return reloadLoadedExtension(this, options)
  }

  /**
   * Installs the version users have in place of the build under test, with the ID the two share
   * (the build's manifest `key`, else one agentprobe assigns): a folder, a .zip or .crx, or
   * `{ git, build, output }`. Its onInstalled fires with reason 'install'; call update() next.
   */
  async installVersion(source: VersionSource, options: WaitOptions & { cwd?: string } = {}): Promise<InstalledVersion> {
    const installed = await installVersion(this, await this.#build('installVersion'), source, this.#versionOptions('installVersion', options))
    this.#extensionId = installed.id
    await this.#toolbarDrawn?.()
    return installed
  }

  /** Replaces the installed version with the build under test, as Chrome's update does: storage, permissions and pin are kept, onInstalled fires with reason 'update'. */
  async update(options: WaitOptions = {}): Promise<UpdatedVersion> {
    const updated = await updateToBuild(this, await this.#build('update'), this.#versionOptions('update', options))
    this.#extensionId = updated.id
    await this.#toolbarDrawn?.()
    return updated
  }

  /**
   * Puts `build` back in place of a version installVersion installed (the reset between files
   * calls it; not part of the `chrome` fixture): the ID these helpers use is the build's again,
   * else a reset of the browser that ran the update would find it still on the shared one. False when none was installed.
   */
  async restoreBuild(build: ExtensionDir, loadUnpacked: () => Promise<unknown>, timeout?: number): Promise<boolean> {
    const restored = await restoreBuild(this, build, loadUnpacked, timeout)
    // Only then: otherwise the ID stays the one launched, so a rebuild whose key changed is still seen.
    if (restored) this.#extensionId = build.id
    return restored
  }

  /** The extension's context-menu items as Chrome registered them (from the profile's own record of them). */
  contextMenu(options?: ContextMenuOptions): Promise<ContextMenuItem[]> {
    return registeredContextMenu(this.#userDataDir, this.extensionId, options)
  }

  /** Closes the DevTools connection (not the browser). */
  close(): Promise<void> {
    return this.#cdp.close()
  }

  // A page of the extension's origin has its APIs whatever else runs: its manifest.json, hidden.
  async #inExtensionPage<T>(call: string, expression: string, { timeout = 5000, signal }: WaitOptions): Promise<T> {
    if (this.extensionId === undefined) throw new ConfigError(`${call} needs an extension, but none was loaded`)
    const page = await this.openPage(`chrome-extension://${this.extensionId}/manifest.json`, { timeout, signal, hidden: true })
    try {
      return await this.evaluate<T>({ url: page.url }, expression, { timeout, signal })
    } finally {
      await this.closeTarget(page.id).catch(() => undefined)
    }
  }

  /** The folder the browser saves downloads to: its throw-away profile's, emptied by the reset between test files. */
  downloadFolder(): string {
    if (this.#userDataDir === undefined) throw new ConfigError("downloadFolder(): this browser's profile folder is not known (it was not launched by agentprobe)")
    return downloadFolder(this.#userDataDir)
  }

  async #build(call: string): Promise<ExtensionDir> {
    if (this.#extensionPath === undefined) throw new ConfigError(`${call}() needs the extension under test, but none was configured`)
    return loadExtensionDir(this.#extensionPath)
  }

  #versionOptions(call: string, { timeout, signal, cwd }: WaitOptions & { cwd?: string }): VersionOptions {
    if (this.#userDataDir === undefined) throw new ConfigError(`${call}() stages versions in the browser's profile, but this browser's profile folder is not known`)
    return { stagingRoot: join(this.#userDataDir, 'agentprobe-versions'), timeout, signal: this.#with(signal), cwd }
  }

  // An MV3 worker stops after ~30 s idle and drops out of the target list. When nothing matches
  // a filter that could mean it, start it through the ServiceWorker domain of any open page (the
  // extension shares the profile's storage partition), then wait for it to be listed.
  async #wakeAndWait(filter: TargetFilter, options: WaitOptions): Promise<TargetInfo> {
    const [page] = await this.targets({ type: 'page' })
    const worker = this.extensionId !== undefined && page !== undefined && (filter.type ?? 'service_worker') === 'service_worker'
    if (worker) {
      const scopeURL = `chrome-extension://${this.extensionId}/`
      await this.#cdp.inSession(page.id, async (sessionId) => {
        await this.#cdp.call('ServiceWorker.enable', (c) => c.send('ServiceWorker.enable', undefined, sessionId))
        await this.#cdp.call('ServiceWorker.startWorker', (c) => c.send('ServiceWorker.startWorker', { scopeURL }, sessionId))
      })
    }
    return this.waitForTarget(filter, options).catch((error: unknown) => {
      if (!worker || !isAgentprobeError(error) || error.code !== 'AGENTPROBE_TARGET') throw error
      // Chromium keeps no registration for a worker whose script throws at its top level: nothing to wake.
      throw new TargetError(`${error.shortMessage}\nThe extension's service worker was woken and did not start: an error at its top level stops it from registering (Chromium shows it under the extension's Errors in chrome://extensions).`, { cause: error, context: error.context })
    })
  }

  // A worker's context is created before Chrome binds the extension APIs in it: on a loaded machine
  // an evaluate right after launch found no `chrome` there. Short looks until it is bound.
  async #extensionApisBound(sessionId: string, deadline: AbortSignal): Promise<void> {
    const params = { expression: "typeof chrome === 'object' && chrome.runtime !== undefined", returnByValue: true }
    while (!deadline.aborted) {
      const { result } = await this.#cdp.call('Runtime.evaluate', (c) => c.send('Runtime.evaluate', params, sessionId))
      if (result.value === true) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  #with(...signals: (AbortSignal | undefined)[]): AbortSignal {
    return AbortSignal.any([this.signal, ...signals.filter((s) => s !== undefined)])
  }
}

function timeoutSignal(ms: number, error: () => Error): AbortSignal {
  const controller = new AbortController()
  setTimeout(() => controller.abort(error()), ms).unref()
  return controller.signal
}
