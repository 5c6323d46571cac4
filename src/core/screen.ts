// The seam every surface implements: screen pixels in, real input events out.
import type { Action } from './action.ts'
import type { Frame, Size } from './frame.ts'

export interface SettleOptions {
  /** How long the screen must stay unchanged, ms. */
  stableMs?: number
  /** Upper bound on the wait, ms. */
  timeoutMs?: number
  signal?: AbortSignal
}

export interface SettleResult {
  stable: boolean
  waitedMs: number
}

export interface Screen {
  /** 'x11', 'android', … for traces and messages. */
  readonly kind: string
  readonly size: Size
  capture(): Promise<Frame>
  /** Performs one action with real input events. Throws a TargetError when the input tool fails. */
  perform(action: Action, options?: { signal?: AbortSignal }): Promise<void>
  /** Waits until the screen stops changing, bounded; never a fixed sleep. */
  settle(options?: SettleOptions): Promise<SettleResult>
}

/**
 * Watches the screen for up to `timeoutMs` and returns the first frame whose pixels differ from
 * `seen` at all (the perceptual hash misses a line of text changing), or undefined.
 */
export async function waitForChange(screen: Screen, seen: Frame, { timeoutMs, signal, intervalMs = 150 }: { timeoutMs: number; signal?: AbortSignal; intervalMs?: number }): Promise<Frame | undefined> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    signal?.throwIfAborted()
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    const frame = await screen.capture()
    if (frame.hash !== seen.hash) return frame
  }
  return undefined
}

/** Time-bounded polling until a fingerprint is unchanged for `stableMs`. Shared by every Screen. */
export async function waitForStable(
  fingerprint: () => Promise<string>,
  { stableMs = 100, timeoutMs = 2000, signal }: SettleOptions = {},
  intervalMs = 25,
): Promise<SettleResult> {
  const start = performance.now()
  let last = await fingerprint()
  let since = performance.now()
  while (!signal?.aborted) {
    const now = performance.now()
    if (now - since >= stableMs) return { stable: true, waitedMs: now - start }
    if (now - start >= timeoutMs) return { stable: false, waitedMs: now - start }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    const next = await fingerprint()
    if (next !== last) {
      last = next
      since = performance.now()
    }
  }
  return { stable: false, waitedMs: performance.now() - start }
}

/**
 * Waits until the screen shows something (a frame that is not near-uniform) and then stops
 * changing: a freshly started browser lists its targets before its window is painted.
 */
export async function waitForContent(screen: Screen, { timeoutMs = 10_000, stableMs = 250, signal }: SettleOptions = {}): Promise<SettleResult> {
  const start = performance.now()
  for (;;) {
    signal?.throwIfAborted()
    const frame = await screen.capture()
    if (!frame.luma || frame.luma.stdev >= 2) break
    if (performance.now() - start > timeoutMs) return { stable: false, waitedMs: performance.now() - start }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const settled = await screen.settle({ stableMs, timeoutMs: Math.max(0, timeoutMs - (performance.now() - start)), signal })
  return { stable: settled.stable, waitedMs: performance.now() - start }
}
