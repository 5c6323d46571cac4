// Clearing an extension's own storage from inside its origin. Over CDP on Chromium 156 nothing
// else does it: Storage.clearDataForOrigin / clearDataForStorageKey for chrome-extension://ID
// answer "Internal error", and Extensions.clearStorageItems finds no browser context. Any
// extension has its manifest.json as a page of its origin, worker or not, permission or not.
import type { ChromeHelpers } from './cdp.ts'

/** What was found and removed, for tests and messages. */
export interface ClearedStorage {
  localStorage: number
  indexedDB: string[]
  cacheStorage: string[]
  /** The chrome.storage areas cleared; none when the extension has no `storage` permission. */
  chromeStorage: string[]
}

/**
 * Clears every store the extension's origin has, from its manifest.json shown in tab `tabId`
 * (navigated there, then to `after`: a tab left on an extension page would close with the reload).
 */
export async function clearExtensionStorage(
  chrome: ChromeHelpers,
  { extensionId, tabId, after, timeout }: { extensionId: string; tabId: string; after: string; timeout: number },
): Promise<ClearedStorage> {
  const url = `chrome-extension://${extensionId}/manifest.json`
  await chrome.navigate(tabId, url, { timeout })
  const cleared = await chrome.evaluate<ClearedStorage>({ type: 'page', url }, CLEAR_STORAGE, { timeout })
  await chrome.navigate(tabId, after, { timeout })
  return cleared
}

// Evaluated in the extension's manifest.json. A deletion blocked by a connection still open (the worker's) completes
// when the reload that follows closes it, so `blocked` counts as done.
const CLEAR_STORAGE = `(async () => {
  const localCount = localStorage.length
  localStorage.clear()
  sessionStorage.clear()
  const databases = (await indexedDB.databases()).map((d) => d.name).filter((name) => name !== undefined)
  await Promise.all(databases.map((name) => new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = request.onblocked = resolve
    request.onerror = () => reject(new Error('deleting IndexedDB ' + name + ': ' + request.error))
  })))
  const cacheNames = await caches.keys()
  await Promise.all(cacheNames.map((name) => caches.delete(name)))
  const areas = globalThis.chrome?.storage === undefined ? [] : ['local', 'session', 'sync'].filter((area) => chrome.storage[area] !== undefined)
  await Promise.all(areas.map((area) => chrome.storage[area].clear()))
  return { localStorage: localCount, indexedDB: databases, cacheStorage: cacheNames, chromeStorage: areas }
})()`
