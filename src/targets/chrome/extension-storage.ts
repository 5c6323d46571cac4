// Clearing an extension's storage (and the settings Chrome keeps across a reload), for any
// manifest. Measured on Chromium 156: CDP Storage.clearDataForStorageKey for
// 'chrome-extension://<id>/' clears the origin's own stores through a session on any page (on the
// browser session it answers "Internal error"). chrome.storage lives apart from those and is
// cleared where its API is: in a page of the extension's origin (manifest.json, which every
// extension has), not in its worker, which may be idle, slow or broken.
import type { ChromeHelpers } from './cdp.ts'
import type { ExtensionDir } from './extension-dir.ts'

// Not service_workers: the reload that follows restarts the worker, and its registration must stay.
const ORIGIN_STORES = 'local_storage,indexeddb,cache_storage,file_systems,websql,storage_buckets,cookies'
// What a page of the extension can reset: its chrome.storage areas, and the side panel's behaviour
// on an action click, which Chrome keeps across a reload as it does for an update. 'stale': the
// running build has no chrome.storage though the folder's manifest asks for it (rebuilt since it
// was loaded), so nothing it could not clear is taken for cleared.
const resetInPage = ({ storage, sidePanel }: { storage: boolean; sidePanel: boolean }) => `(async () => {
  if (${storage} && !globalThis.chrome?.storage) return 'stale'
  if (${storage}) await Promise.all(['local', 'session', 'sync'].map((area) => chrome.storage[area]?.clear()))
  if (${sidePanel}) await globalThis.chrome?.sidePanel?.setPanelBehavior({ openPanelOnActionClick: false })
  return 'reset'
})()`

/** Whether clearExtensionState opens a page of the extension in the tab (and so leaves it on a new about:blank document). */
export const clearsInPage = (extension: Pick<ExtensionDir, 'storageApi' | 'sidePanelApi'>): boolean => extension.storageApi || extension.sidePanelApi

/**
 * Clears localStorage, IndexedDB, Cache Storage and the rest of the extension origin's stores
 * through tab `tabId`, then, from that tab on the extension's manifest.json, its chrome.storage
 * areas when the manifest asks for the `storage` permission and its side panel's behaviour when it
 * asks for `sidePanel`; the tab is left on about:blank (a tab on an extension page would close with
 * the reload). Resolves 'stale' when the running build predates the folder (see resetInPage).
 */
export async function clearExtensionState(
  chrome: ChromeHelpers,
  extension: ExtensionDir,
  { tabId, timeout }: { tabId: string; timeout: number },
): Promise<'reset' | 'stale'> {
  await chrome.clearStorage(tabId, `chrome-extension://${extension.id}/`, ORIGIN_STORES)
  if (!clearsInPage(extension)) return 'reset'
  const url = `chrome-extension://${extension.id}/manifest.json`
  await chrome.navigate(tabId, url, { timeout })
  const done = await chrome.evaluate<'reset' | 'stale'>({ type: 'page', url }, resetInPage({ storage: extension.storageApi, sidePanel: extension.sidePanelApi }), { timeout })
  await chrome.navigate(tabId, 'about:blank', { timeout })
  return done
}
