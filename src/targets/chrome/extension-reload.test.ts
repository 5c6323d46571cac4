import { describe, expect, it } from 'vitest'
import type { ChromeCalls } from './chrome-calls.ts'
import type { ExtensionDir } from './extension-dir.ts'
import { reloadExtension } from './extension-reload.ts'

const extension = { path: '/ext', id: 'abcdefghijklmnopabcdefghijklmnop', name: 'Tally', serviceWorker: 'worker.js' } as ExtensionDir

/** A browser whose extension worker answers only after `loads` loads of it (none listed before). */
function workerAfter(loads: number) {
  let loaded = 0
  const chrome = {
    targets: async () => [],
    evaluate: async () => {
      if (loaded < loads) throw new Error('no target matched the worker')
      return true
    },
  } as unknown as ChromeCalls
  return { chrome, load: async () => void loaded++, loaded: () => loaded }
}

describe('reloadExtension', () => {
  it('loads once more the second way when no worker answers after the first, and resolves once it does', async () => {
    const browser = workerAfter(2)
    await reloadExtension(browser.chrome, extension, browser.load, { timeout: 100, again: browser.load })
    expect(browser.loaded()).toBe(2)
  })

  it('loads once when the worker answers', async () => {
    const browser = workerAfter(1)
    await reloadExtension(browser.chrome, extension, browser.load, { timeout: 100, again: browser.load })
    expect(browser.loaded()).toBe(1)
  })

  it('names the worker that did not answer, after the second way too', async () => {
    const browser = workerAfter(3)
    await expect(reloadExtension(browser.chrome, extension, browser.load, { timeout: 100, again: browser.load })).rejects.toThrow(/the service worker worker\.js did not answer within 100 ms after the reload: no target matched the worker/)
    expect(browser.loaded()).toBe(2)
  })
})
