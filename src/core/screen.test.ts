import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_QUIET_MS, changesOf, waitForStable, type ChangeProbe, type SettleResult } from './screen.ts'

/** A screen that changes at the given times (ms after the start). */
function changingAt(times: readonly number[]): ChangeProbe {
  const start = performance.now()
  return changesOf(async () => String(times.filter((t) => performance.now() - start >= t).length))
}

async function settle(promise: Promise<SettleResult>) {
  await vi.advanceTimersByTimeAsync(10_000)
  return promise
}

describe('waitForStable', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] }))
  afterEach(() => vi.useRealTimers())

  it('returns after stableMs on a screen that never changes', async () => {
    const result = await settle(waitForStable(changingAt([]), { stableMs: 100 }))
    expect(result.stable).toBe(true)
    expect(result.waitedMs).toBeGreaterThanOrEqual(100)
    expect(result.waitedMs).toBeLessThan(150)
  })

  it('waits reactionMs for a first change before calling an unchanged screen settled', async () => {
    // A popup that starts drawing 250 ms after the click: a plain 100 ms quiet would miss it.
    const result = await settle(waitForStable(changingAt([250, 270]), { stableMs: 100, reactionMs: 300 }))
    expect(result.stable).toBe(true)
    expect(result.waitedMs).toBeGreaterThanOrEqual(370)
  })

  it('counts a change the first look reports (drawn after the action, before the settle began): the quiet from the start, no reaction window', async () => {
    let looks = 0
    // Ms before the settle's start: the probe knew the frame before the action.
    const probe: ChangeProbe = async () => (looks++ === 0 ? performance.now() - 5 : undefined)
    const result = await settle(waitForStable(probe, { stableMs: 100, reactionMs: 300 }))
    expect(result).toMatchObject({ stable: true, changedMs: 0, lastChangeMs: 0 })
    expect(result.waitedMs).toBeGreaterThanOrEqual(100)
    expect(result.waitedMs).toBeLessThan(150)
  })

  it('asks for a longer quiet when the changes come slowly, as in an animation on a loaded machine', async () => {
    // Frames 120 ms apart: a quiet of 150 ms after one change passes, the third frame says otherwise.
    const frames = [50, 170, 290, 410, 530]
    const result = await settle(waitForStable(changingAt(frames), { stableMs: 150 }))
    expect(result.stable).toBe(true)
    expect(result.waitedMs).toBeGreaterThanOrEqual(530 + 300)
  })

  it('caps the quiet below a caret blink, so a blinking caret still settles', async () => {
    const blinks = Array.from({ length: 20 }, (_, i) => 500 * (i + 1))
    const result = await settle(waitForStable(changingAt([100, 120, ...blinks]), { stableMs: 100, timeoutMs: 5000 }))
    expect(result.stable).toBe(true)
    expect(result.waitedMs).toBeLessThan(500 + MAX_QUIET_MS + 50)
  })

  it('gives up at timeoutMs on a screen that keeps changing', async () => {
    const always = Array.from({ length: 200 }, (_, i) => 20 * (i + 1))
    const result = await settle(waitForStable(changingAt(always), { stableMs: 100, timeoutMs: 1000 }))
    expect(result.stable).toBe(false)
    expect(result.waitedMs).toBeGreaterThanOrEqual(1000)
  })

  it('ends as the quiet ends, not at the next poll after it', async () => {
    const result = await settle(waitForStable(changingAt([]), { stableMs: 110 }, { intervalMs: 25 }))
    expect(result.waitedMs).toBeGreaterThanOrEqual(110)
    expect(result.waitedMs).toBeLessThan(115)
  })

  it('counts the quiet from when the probe says the screen was drawn, never before the previous look', async () => {
    const start = performance.now()
    let looks = 0
    // Seen at the third look (75 ms), drawn at 60 ms by the probe's account; then said drawn "at 0".
    const probe: ChangeProbe = async () => {
      looks += 1
      if (looks === 4) return start + 60
      if (looks === 6) return start
      return undefined
    }
    const result = await settle(waitForStable(probe, { stableMs: 100 }, { intervalMs: 25 }))
    expect(result.changedMs).toBe(60)
    // The second change cannot be older than the look before it (100 ms).
    expect(result.lastChangeMs).toBe(100)
    expect(result.waitedMs).toBeGreaterThanOrEqual(100 + 100)
  })

  it('says when a quiet stretch is half over, once per stretch, and not while changes come faster than that', async () => {
    const quiets: number[] = []
    const start = performance.now()
    const whenQuiet = () => void quiets.push(Math.round(performance.now() - start))
    // Frames every 40 ms until 200 ms (a gap under half of the 200 ms quiet), then a last one at 400.
    await settle(waitForStable(changingAt([40, 80, 120, 160, 200, 400]), { stableMs: 200 }, { whenQuiet }))
    expect(quiets).toHaveLength(2)
    expect(quiets[0]).toBeGreaterThanOrEqual(300)
    expect(quiets[0]).toBeLessThan(400)
    expect(quiets[1]).toBeGreaterThanOrEqual(500)
  })
})
