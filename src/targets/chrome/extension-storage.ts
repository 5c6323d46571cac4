// Clearing an extension's storage, for any manifest. Measured on Chromium 156: CDP
// Storage.clearDataForStorageKey for 'chrome-extension://<id>/' clears the origin's own stores
// through a session on any page (on the browser session it answers "Internal error"). chrome.storage
// lives apart from those and is cleared where its API is: in the extension's worker, else in a page
// of its origin (manifest.json, which every extension has).
import type { ChromeHelpers } from './cdp.ts'
import type { ExtensionDir } from './extension-dir.ts'

// Not service_workers: the reload that follows restarts the worker, and its registration must stay.
const ORIGIN_STORES = 'local_storage,indexeddb,cache_storage,file_systems,websql,storage_buckets,cookies'
const CLEAR_CHROME_STORAGE = `Promise.all(['local', 'session', 'sync'].map((area) => chrome.storage[area]?.clear())).then(() => true)`

/**
 * Clears localStorage, IndexedDB, Cache Storage and the rest of the extension origin's stores
 * through tab `tabId`, then its chrome.storage areas when the manifest asks for the `storage`
 * permission. Without a worker that needs the tab on an extension page; it is left on about:blank
 * (a tab on an extension page would close with the reload).
 */
export async function clearExtensionStorage(
  chrome: ChromeHelpers,
  extension: ExtensionDir,
  { tabId, timeout }: { tabId: string; timeout: number },
): Promise<void> {
  await chrome.clearStorage(tabId, `chrome-extension://${extension.id}/`, ORIGIN_STORES)
  if (!extension.storageApi) return
  if (extension.serviceWorker !== undefined) {
    await chrome.evaluate({ type: 'service_worker', url: `chrome-extension://${extension.id}/` }, CLEAR_CHROME_STORAGE, { timeout })
    return
  }
  const url = `chrome-extension://${extension.id}/manifest.json`
  await chrome.navigate(tabId, url, { timeout })
  await chrome.evaluate({ type: 'page', url }, CLEAR_CHROME_STORAGE, { timeout })
  await chrome.navigate(tabId, 'about:blank', { timeout })
}
