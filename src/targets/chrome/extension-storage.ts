// Clearing an extension's storage, for any manifest. Measured on Chromium 156: CDP
// Storage.clearDataForStorageKey for 'chrome-extension://<id>/' clears the origin's own stores
// through a session on any page (on the browser session it answers "Internal error"). chrome.storage
// lives apart from those and is cleared where its API is: in a page of the extension's origin
// (manifest.json, which every extension has), not in its worker, which may be idle, slow or broken.
import type { ChromeHelpers } from './cdp.ts'
import type { ExtensionDir } from './extension-dir.ts'

// Not service_workers: the reload that follows restarts the worker, and its registration must stay.
const ORIGIN_STORES = 'local_storage,indexeddb,cache_storage,file_systems,websql,storage_buckets,cookies'
const CLEAR_CHROME_STORAGE = `Promise.all(['local', 'session', 'sync'].map((area) => chrome.storage[area]?.clear())).then(() => true)`

/**
 * Clears localStorage, IndexedDB, Cache Storage and the rest of the extension origin's stores
 * through tab `tabId`, then its chrome.storage areas when the manifest asks for the `storage`
 * permission, from that tab on the extension's manifest.json; the tab is left on about:blank (a
 * tab on an extension page would close with the reload).
 */
export async function clearExtensionStorage(
  chrome: ChromeHelpers,
  extension: ExtensionDir,
  { tabId, timeout }: { tabId: string; timeout: number },
): Promise<void> {
  await chrome.clearStorage(tabId, `chrome-extension://${extension.id}/`, ORIGIN_STORES)
  if (!extension.storageApi) return
  const url = `chrome-extension://${extension.id}/manifest.json`
  await chrome.navigate(tabId, url, { timeout })
  await chrome.evaluate({ type: 'page', url }, CLEAR_CHROME_STORAGE, { timeout })
  await chrome.navigate(tabId, 'about:blank', { timeout })
}
