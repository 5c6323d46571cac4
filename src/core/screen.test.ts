import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_QUIET_MS, changesOf, waitForStable, type ChangeProbe } from './screen.ts'

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
