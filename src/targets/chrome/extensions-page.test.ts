import { describe, expect, it } from 'vitest'
import type { ChromeCalls } from './chrome-calls.ts'
import { EXTENSIONS_PAGE_URL, isExtensionsPage, reloadInPlace } from './extensions-page.ts'

/** A browser whose Target.createTarget ignores `hidden` (as one older than the parameter): the page comes up as a tab. */
function withoutHiddenTargets() {
  const calls: string[] = []
  const targets: { targetId: string; type: string; url: string }[] = [{ targetId: 'tab-1', type: 'page', url: 'about:blank' }]
  const chrome = {
    extensionId: 'abcdefghijklmnopabcdefghijklmnop',
    signal: new AbortController().signal,
    async pipe(method: string, params: Record<string, unknown> = {}) {
      calls.push(method)
      if (method === 'Target.getTargets') return { targetInfos: targets }
      if (method === 'Target.createTarget') {
        targets.push({ targetId: 'tab-2', type: 'page', url: String(params.url) })
        return { targetId: 'tab-2' }
      }
      if (method === 'Target.closeTarget') return {}
      throw new Error(`unexpected ${method}`)
    },
    session: () => Promise.reject(new Error('no session expected')),
  } as unknown as ChromeCalls
  return { chrome, calls }
}

describe('reloadInPlace', () => {
  it('closes the page a Chromium without hidden targets opened as a tab, loads through the pipe, and asks no more', async () => {
    const { chrome, calls } = withoutHiddenTargets()
    let loads = 0
    const reload = reloadInPlace(chrome, 'abcdefghijklmnopabcdefghijklmnop', async () => void loads++)
    await reload()
    expect(loads).toBe(1)
    expect(calls).toEqual(['Target.getTargets', 'Target.createTarget', 'Target.getTargets', 'Target.closeTarget'])
    await reload()
    expect(loads).toBe(2)
    expect(calls).toHaveLength(4)
  })

  it('passes on the error of the load through the pipe, which says why a build does not load', async () => {
    const { chrome } = withoutHiddenTargets()
    const reload = reloadInPlace(chrome, 'abcdefghijklmnopabcdefghijklmnop', () => Promise.reject(new Error('Manifest is not valid JSON')))
    await expect(reload()).rejects.toThrow('Manifest is not valid JSON')
  })
})

describe('isExtensionsPage', () => {
  it('is the hidden page alone: the same file open in a tab is a page a test opened', () => {
    expect(isExtensionsPage({ type: 'other', url: EXTENSIONS_PAGE_URL })).toBe(true)
    expect(isExtensionsPage({ type: 'page', url: EXTENSIONS_PAGE_URL })).toBe(false)
    expect(isExtensionsPage({ type: 'other', url: 'chrome://extensions/' })).toBe(false)
  })
})
