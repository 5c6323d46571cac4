import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_QUIET_MS, PACED_QUIET_MS, changesOf, waitForStable, type ChangeProbe } from './screen.ts'

/** A screen that changes at the given times (ms after the start). */
function changingAt(times: readonly number[]): ChangeProbe {
  const start = performance.now()
  return changesOf(async () => String(times.filter((t) => performance.now() - start >= t).length))
}

async function settle(promise: Promise<{ stable: boolean; waitedMs: number }>) {
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

  it('asks for a longer quiet when the changes come slowly, as in an animation on a loaded machine', async () => {
    // Frames 120 ms apart: a quiet of 150 ms after one change passes, the third frame says otherwise.
    const frames = [50, 170, 290, 410, 530]
    const result = await settle(waitForStable(changingAt(frames), { stableMs: 150 }))
    expect(result.stable).toBe(true)
    expect(result.waitedMs).toBeGreaterThanOrEqual(530 + 300)
  })

  it('once the screen has shown its pace (three changes), three times its longest gap is the quiet, not stableMs', async () => {
    const paced = await settle(waitForStable(changingAt([50, 75, 100]), { stableMs: 200 }))
    expect(paced.stable).toBe(true)
    expect(paced.waitedMs).toBeGreaterThanOrEqual(100 + PACED_QUIET_MS)
    expect(paced.waitedMs).toBeLessThan(100 + 200)
    expect(paced).toMatchObject({ changedMs: expect.closeTo(50, -1), lastChangeMs: expect.closeTo(100, -1) })
    // Two changes say nothing of what comes next (a window, then its page): stableMs still holds.
    const two = await settle(waitForStable(changingAt([50, 75]), { stableMs: 200 }))
    expect(two.waitedMs).toBeGreaterThanOrEqual(75 + 200)
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
})
