// Reading and clearing an extension's storage.local / sync / session, the same expression in a
// page of the extension on either browser (Firefox answers `chrome.storage` too). An extension whose
// manifest asks for no `storage` permission has no such API: that is said, not read as empty.

export const STORAGE_AREAS = ['local', 'sync', 'session'] as const
export type StorageArea = (typeof STORAGE_AREAS)[number]

/** The expression that reads (`get`) or clears one area, run in a page of the extension. */
export function storageExpression(area: StorageArea, op: 'get' | 'clear'): string {
  if (!(STORAGE_AREAS as readonly string[]).includes(area)) throw new TypeError(`storage area must be one of ${STORAGE_AREAS.join(', ')}, got ${JSON.stringify(area)}`)
  const missing = `the extension has no chrome.storage.${area}: its manifest asks for no "storage" permission, or this browser has no ${area} area`
  return `(async () => {
  const area = globalThis.chrome?.storage?.${area}
  if (!area) throw new Error(${JSON.stringify(missing)})
  return area.${op === 'get' ? 'get(null)' : 'clear().then(() => true)'}
})()`
}
