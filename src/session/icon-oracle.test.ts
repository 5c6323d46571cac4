import { describe, expect, it } from 'vitest'
import type { Action } from '../core/action.ts'
import type { TargetInfo } from '../targets/chrome/match-target.ts'
import type { TriggeredAction } from '../targets/chrome/trigger-action.ts'
import { FakeScreen } from '../testing/fake-screen.ts'
import { iconOracle, type IconOracleDeps } from './icon-oracle.ts'

const ID = 'abcdefghijklmnopabcdefghijklmnop'
const SLOT = { box: { x: 1100, y: 45, width: 20, height: 20 }, center: { x: 1110, y: 55 }, confidence: 1, via: 'toolbar-slot' as const }
const click = (x: number, y: number): Action => ({ type: 'click', x, y, button: 'left' })
const popup: TargetInfo = { id: 'P', type: 'page', url: `chrome-extension://${ID}/popup.html`, title: '' }

// A browser whose twin opens `opens`, with `open` already listed before it runs.
function deps(opens: TargetInfo[], open: TargetInfo[] = []) {
  const listed = [...open]
  const calls: string[] = []
  const chrome: IconOracleDeps['chrome'] = {
    extensionId: ID,
    signal: new AbortController().signal,
    targets: async (filter = {}) => listed.filter((t) => (filter.type === undefined || t.type === filter.type) && (!(filter.url instanceof RegExp) || filter.url.test(t.url))),
    triggerAction: async (): Promise<TriggeredAction> => {
      calls.push('triggerAction')
      return { opened: opens, ms: 42 }
    },
    closeTarget: async (id) => {
      calls.push(`close ${id}`)
    },
  }
  return { deps: { chrome, screen: new FakeScreen(), locator: { locate: async () => ({ located: SLOT, seen: '', nearMisses: [] }) } }, calls }
}
const steps = (...list: [string, Action[]][]) => list.map(([frameHash, actions], i) => ({ step: i + 1, frameHash, actions, frame: '', status: 'continue' as const, usage: { inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0 }, timings: { captureMs: 0, modelMs: 0, actMs: 0, settleMs: 0 }, failures: [] }))

describe('iconOracle', () => {
  it('blames the click when the twin opens the popup, and closes what it opened', async () => {
    const { deps: d, calls } = deps([popup])
    const line = await iconOracle({ steps: steps(['a', [click(1110, 55)]], ['a', []]) }, d)
    expect(line).toBe("the icon click (step 1) did nothing on screen, but triggerAction opened popup.html in 42 ms: a pinning, hit-target or gesture problem, not the extension's logic")
    expect(calls).toEqual(['triggerAction', 'close P'])
  })

  it('blames the action when the twin opens nothing either', async () => {
    const { deps: d } = deps([])
    const line = await iconOracle({ steps: steps(['a', [click(1112, 58)]], ['b', []]) }, d)
    expect(line).toMatch(/^the icon click \(step 1\) left no page of the extension open, and triggerAction .* opened no page either within 42 ms: the extension's action itself/)
  })

  it('stays silent when no click came near the icon, or a page of the extension is open', async () => {
    const far = deps([popup])
    expect(await iconOracle({ steps: steps(['a', [click(500, 400)]]) }, far.deps)).toBeUndefined()
    const open = deps([popup], [popup])
    expect(await iconOracle({ steps: steps(['a', [click(1110, 55)]]) }, open.deps)).toBeUndefined()
    expect([...far.calls, ...open.calls]).toEqual([])
  })
})
