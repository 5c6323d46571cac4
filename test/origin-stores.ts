// A page script that fills the stores every web origin has (an extension's without the `storage`
// permission too), for tests of what a reset must leave empty.

/** An expression that writes to localStorage ('visits'), IndexedDB ('notes') and Cache Storage (`cache`), runs `then`, and resolves true. */
export const writeOriginStores = (cache: string, then = ''): string => `(async () => {
  localStorage.setItem('visits', '1')
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('notes', 1)
    open.onupgradeneeded = () => open.result.createObjectStore('notes')
    open.onsuccess = () => { open.result.close(); resolve() }
    open.onerror = () => reject(open.error)
  })
  await caches.open(${JSON.stringify(cache)})
  ${then}
  return true
})()`
