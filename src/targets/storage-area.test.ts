import { expect, it } from 'vitest'
import { storageExpression } from './storage-area.ts'

// A stand-in page: `chrome` as the extension's page sees it.
const evaluate = (source: string, chrome: unknown) => new Function('chrome', `globalThis.chrome = chrome; try { return ${source} } finally { delete globalThis.chrome }`)(chrome) as Promise<unknown>

it('reads and clears one area of chrome.storage', async () => {
  const items: Record<string, unknown> = { count: 2 }
  const chrome = { storage: { local: { get: async (keys: null) => (keys === null ? { ...items } : {}), clear: async () => void delete items.count } } }
  await expect(evaluate(storageExpression('local', 'get'), chrome)).resolves.toEqual({ count: 2 })
  await expect(evaluate(storageExpression('local', 'clear'), chrome)).resolves.toBe(true)
  expect(items).toEqual({})
})

it("says the extension has no storage rather than reading it as empty, and refuses an area that isn't one", async () => {
  await expect(evaluate(storageExpression('sync', 'get'), {})).rejects.toThrow('the extension has no chrome.storage.sync: its manifest asks for no "storage" permission')
  expect(() => storageExpression('managed' as never, 'get')).toThrow('storage area must be one of local, sync, session, got "managed"')
})
