// A fresh state for the next test file that any extension survives: with or without a service
// worker, with or without the `storage` permission. Chromium is not restarted; each step names
// itself in the error when it cannot run, so the caller can say what failed and start afresh.
import { TargetError, errorMessage } from '../../core/errors.ts'
import type { SettleOptions } from '../browser.ts'
import type { ChromeHelpers } from './cdp.ts'
import type { ChromeProcess } from './launcher.ts'
import { closeTargets } from './close-targets.ts'
import { loadExtensionDir, type ExtensionDir } from './extension-dir.ts'
import { EXTENSION_LOAD_MS, extensionTargets, reloadFromFolder } from './extension-reload.ts'
import { installExtension, installedExtensions, uninstallAll } from './extension-install.ts'
import { clearExtensionState, clearsInPage } from './extension-storage.ts'
import { describeTargets, type TargetInfo } from './match-target.ts'
import { revokeOptionalPermissions } from './permissions.ts'
import { clearSiteData, siteOrigins } from './site-data.ts'
import { emptyDownloadFolder } from '../download-folder.ts'
import { pollUntil } from './poll.ts'

/** The loaded extension: its folder (the manifest is read again, it may have been rebuilt) and how to reload it. */
export interface ResetExtension {
  path: string
  loadUnpacked: () => Promise<unknown>
}

/** The extension `chrome` was launched with, as a reset reloads it; undefined when it has none. */
export function launchedExtension(chrome: Pick<ChromeProcess, 'extensionPath' | 'loadUnpacked'>): ResetExtension | undefined {
  const path = chrome.extensionPath
  return path === undefined ? undefined : { path, loadUnpacked: () => chrome.loadUnpacked(path) }
}

export interface ResetOptions {
  /** The one tab left open (default about:blank). */
  url?: string | undefined
  /** Bound on each waiting step, ms (default 5000). */
  timeout?: number | undefined
  /**
   * Puts the keyboard in the address bar, where a launch on about:blank leaves it: a navigation over
   * CDP leaves it where the last file did (in the page, after a URL typed there), and a URL a test
   * types first would go nowhere. Not called for another start page: there a launch leaves it in the page.
   */
  focusAddressBar?: (() => Promise<unknown>) | undefined
}

/** How long a reset took, ms: in all, and per step by name. */
export interface ResetTiming {
  ms: number
  steps: Record<string, number>
}

// Documents an extension opens and a reset closes; its workers go with the reload, its iframes with their tabs.
const DOCUMENT_TYPES = new Set(['page', 'other', 'background_page', 'app'])
// A worker may open a tab from onInstalled after it answers; the list must hold still this long.
const QUIET_MS = 200

/**
 * Closes every tab but one and the extension's pages (popups, side panels, tabs, offscreen
 * documents), waiting until they are gone from the list; removes every cookie and the storage of
 * the sites the browser shows it visited (site-data.ts); empties the download folder; clears the
 * extension origin's storage (chrome.storage areas when it has them; localStorage, IndexedDB, Cache
 * Storage either way) from
 * the tab kept; revokes the optional permissions a test granted; reloads the extension; leaves the
 * kept tab on `url` with no back or forward entries, as at launch (else Back would be lit and lead to
 * the last file's pages); lets its onInstalled settle (a tab it opens is closed), `whileSettling` alongside.
 * Resolves with the time taken, in all and per step.
 */
export async function resetBrowserState(
  chrome: ChromeHelpers,
  extension: ResetExtension | undefined,
  { url = 'about:blank', timeout = 5000, focusAddressBar, whileSettling }: ResetOptions & SettleOptions = {},
): Promise<ResetTiming> {
  const timing = stepTimer(chrome, (subject) => `the reset between test files failed for ${subject}`, extension === undefined ? 'the browser' : `the extension at ${extension.path}`, { extension: extension?.path, extensionId: chrome.extensionId })
  const { step } = timing
  const dir = extension && (await step('read the manifest', () => loadExtensionDir(extension.path)))
  if (dir !== undefined && extension !== undefined) {
    timing.subject = `the extension "${dir.name}" (${dir.id})`
    await step('put the build under test back in place of an installed version', () => chrome.restoreBuild(dir, extension.loadUnpacked, timeout))
    await step('check its ID', async () => {
      if (dir.id !== chrome.extensionId) throw new TargetError(`the browser runs it as ${chrome.extensionId}; its manifest now gives ${dir.id} (was "key" changed?)`)
    })
  }
  // (before the tabs close: their back and forward entries name sites they showed)
  const sites = await step('list the sites visited', () => siteOrigins(chrome))
  const { keep: tab } = await step('close the other tabs and the extension pages', () => closeAllButOneTab(chrome, dir?.id, timeout))
  await step('clear the sites\' cookies and storage', () => clearSiteData(chrome, sites, tab.id))
  await step('empty the download folder', () => emptyDownloadFolder(chrome.downloadFolder()))
  const onNewBlank = dir !== undefined && extension !== undefined && clearsInPage(dir)
  if (dir !== undefined && extension !== undefined) {
    await step('clear its storage', async () => {
      if ((await clearExtensionState(chrome, dir, { tabId: tab.id, timeout })) === 'reset') return
      // Rebuilt with the storage permission since it was loaded: load this build, then clear what it can reach.
      await reloadFromFolder(chrome, dir, extension.loadUnpacked, { timeout })
      if ((await clearExtensionState(chrome, dir, { tabId: tab.id, timeout })) === 'stale') throw new TargetError('the reloaded extension still has no chrome.storage')
    })
    // A reload keeps what a test granted; Chrome still remembers it, so asking again needs no prompt.
    if (dir.optionalPermissions) await step('revoke its optional permissions', () => revokeOptionalPermissions(chrome, { timeout }))
    await step('reload it', () => reloadFromFolder(chrome, dir, extension.loadUnpacked, { timeout }))
  }
  // (clearing the storage left the tab on a new about:blank document, which is what this navigation
  // would give: ~30 ms and ~50 CPU-ms less a reset)
  if (!(onNewBlank && url === 'about:blank')) await step('open the start page', () => chrome.navigate(tab.id, url, { timeout }))
  await step('clear the tab\'s history', () => clearHistory(chrome, tab.id))
  // (a tab onInstalled opens takes the focus; the kept tab has it back, in the address bar, once that one is closed)
  if (focusAddressBar && url === 'about:blank') await step('focus the address bar', focusAddressBar)
  if (dir?.serviceWorker === undefined) await whileSettling?.()
  else {
    // The caller's wait (a window still for 250 ms) and this one overlap: ~0.2 s less per reset.
    const settled = async () => {
      await step('let onInstalled settle', () => waitForQuietTabs(chrome, timeout))
      return (await step('close the tabs it opened', () => closeAllButOneTab(chrome, dir.id, timeout, tab))).closed
    }
    // Both end before the reset does, a failing one included: nothing of it is left watching the screen.
    const [closed, caller] = await Promise.allSettled([settled(), whileSettling?.()])
    if (closed.status === 'rejected') throw closed.reason
    if (caller.status === 'rejected') throw caller.reason
    if (closed.value > 0) await whileSettling?.()
  }
  return timing.done()
}

/**
 * The state a fresh launch with `to` would have, in this browser: every tab but one closed and the
 * kept one on `url`, with no history; no cookie, no site's storage, no download; every extension it runs
 * uninstalled, with its data, its pages and what a test granted it; `to` (when given) installed from its folder, onInstalled with reason 'install' as on a
 * first start, and its action pinned. Undefined, with nothing changed, for a build with the ID of
 * one the browser runs: its data would go with the old one's uninstall, later than the new one starts.
 */
export async function switchBrowserExtension(chrome: ChromeHelpers, to: ExtensionDir | undefined, { url = 'about:blank', timeout = 5000, focusAddressBar }: ResetOptions = {}): Promise<ResetTiming | undefined> {
  const subject = to === undefined ? 'no extension' : `the extension "${to.name}" (${to.id})`
  const { step, done } = stepTimer(chrome, (subject) => `switching the browser to ${subject} failed`, subject, { extension: to?.path, extensionId: to?.id })
  const running = await step('list the extensions it runs', () => installedExtensions(chrome))
  if (to !== undefined && running.some((e) => e.id === to.id)) return undefined
  const sites = await step('list the sites visited', () => siteOrigins(chrome))
  const { keep: tab } = await step('close the other tabs and the extension pages', () => closeAllButOneTab(chrome, chrome.extensionId, timeout))
  await step('clear the sites\' cookies and storage', () => clearSiteData(chrome, sites, tab.id))
  await step('empty the download folder', () => emptyDownloadFolder(chrome.downloadFolder()))
  await step('uninstall the extensions it ran', () => uninstallAll(chrome, running, timeout))
  if (to !== undefined) await step('install it', () => installExtension(chrome, to, { timeout: EXTENSION_LOAD_MS }))
  // Only now, as a launch loads the extension before its first page: its content scripts run there.
  await step('open the start page', () => chrome.navigate(tab.id, url, { timeout }))
  await step('clear the tab\'s history', () => clearHistory(chrome, tab.id))
  if (focusAddressBar && url === 'about:blank') await step('focus the address bar', focusAddressBar)
  return done()
}

/** Runs named steps, timing each; a failing one is a TargetError saying what `failed` of `subject`, and at which step. */
function stepTimer(chrome: ChromeHelpers, failed: (subject: string) => string, subject: string, context: Record<string, unknown>) {
  const started = performance.now()
  const steps: Record<string, number> = {}
  const timer = {
    subject,
    async step<T>(name: string, run: () => Promise<T>): Promise<T> {
      const stepStarted = performance.now()
      try {
        return await run()
      } catch (error) {
        if (chrome.signal.aborted) throw chrome.signal.reason
        throw new TargetError(`${failed(timer.subject)} at "${name}": ${errorMessage(error)}`, { cause: error, context: { ...context, resetStep: name } })
      } finally {
        steps[name] = (steps[name] ?? 0) + performance.now() - stepStarted
      }
    },
    done: (): ResetTiming => ({ ms: performance.now() - started, steps }),
  }
  return timer
}

/**
 * Keeps `kept`, or else one tab that is not an extension page (opening one when there is none),
 * closes the rest and the extension's documents; says how many it closed.
 */
async function closeAllButOneTab(chrome: ChromeHelpers, extensionId: string | undefined, timeout: number, kept?: TargetInfo): Promise<{ keep: TargetInfo; closed: number }> {
  const pages = await chrome.targets({ type: 'page' })
  // Closing the last tab would close the window: open the kept one first when there is none.
  const keep = kept ?? pages.find((p) => !p.url.startsWith('chrome-extension://')) ?? (await chrome.openPage('about:blank', { timeout }))
  const documents = extensionId === undefined ? [] : (await extensionTargets(chrome, extensionId)).filter((t) => DOCUMENT_TYPES.has(t.type))
  const close = [...pages, ...documents].filter((t, i, all) => t.id !== keep.id && all.findIndex((o) => o.id === t.id) === i)
  await closeTargets(chrome, close, timeout)
  return { keep, closed: close.length }
}

/** Forgets a tab's back and forward entries, as a new tab has none: Back and Forward are greyed out again. */
async function clearHistory(chrome: ChromeHelpers, tabId: string): Promise<void> {
  await chrome.session(tabId, (session) => session.send('Page.resetNavigationHistory'))
}

/** Resolves once the set of page targets has not changed for QUIET_MS. */
async function waitForQuietTabs(chrome: ChromeHelpers, timeout: number): Promise<void> {
  let last = ''
  let since = performance.now()
  let pages: TargetInfo[] = []
  await pollUntil(
    async () => {
      pages = await chrome.targets({ type: 'page' })
      const now = pages.map((p) => p.id).join(' ')
      if (now !== last) {
        last = now
        since = performance.now()
      }
      return performance.now() - since >= QUIET_MS ? true : undefined
    },
    () => new TargetError(`its pages kept opening or closing for ${timeout} ms after the reload; last seen:\n${describeTargets(pages)}`),
    { timeout, interval: 50, signal: chrome.signal },
  )
}
