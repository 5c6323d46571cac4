// The seam every surface implements: screen pixels in, real input events out.
import type { Action } from './action.ts'
import type { Frame, Size } from './frame.ts'

export interface SettleOptions {
  /** How long the screen must stay unchanged once it has changed, ms (at least; see waitForStable). */
  stableMs?: number
  /** How long a screen that has not changed at all yet is watched for a first change, ms (default stableMs). */
  reactionMs?: number
  /** Upper bound on the wait, ms. */
  timeoutMs?: number
  /**
   * The caller captures the settled screen next and reads its fingerprints (a model's step, a
   * verification, a search): a Screen that captures cheaply does that while the quiet lasts.
   */
  captureNext?: boolean
  signal?: AbortSignal
}

export interface SettleResult {
  stable: boolean
  waitedMs: number
  /** When the first change was seen, ms after the start (absent: none was); the rest of the wait was quiet. */
  changedMs?: number
  /** When the last change was seen, ms after the start. */
  lastChangeMs?: number
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

/** Playwright's polling intervals for its assertions: quick looks first, then one a second (the last repeats). */
const POLL_INTERVALS_MS = [100, 250, 500, 1000] as const

/**
 * Watches the screen for up to `timeoutMs` and returns the first frame whose pixels differ from
 * `seen` at all (the perceptual hash misses a line of text changing), or undefined. Each look is a
 * whole capture, so looks thin out as the wait grows, as Playwright's do.
 */
export async function waitForChange(screen: Screen, seen: Frame, { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<Frame | undefined> {
  const deadline = performance.now() + timeoutMs
  for (let look = 0; performance.now() < deadline; look++) {
    signal?.throwIfAborted()
    const interval = POLL_INTERVALS_MS[Math.min(look, POLL_INTERVALS_MS.length - 1)]!
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, Math.max(0, deadline - performance.now()))))
    const frame = await screen.capture()
    if (frame.hash !== seen.hash) return frame
  }
  return undefined
}

/** The longest quiet asked for, ms: a caret blinks every 500 ms, and must not count as motion. */
export const MAX_QUIET_MS = 400

/**
 * Each call reads the screen and says when it last changed since the previous read (performance.now()'s
 * clock), or undefined when it did not. The first call compares with the screen as the probe knew it
 * before the settle began (the frame captured before the action), or says undefined when it knew
 * none: a reaction drawn between the action and the settle's first look is still a change. A probe
 * that cannot tell when says now; one that hears the drawing as it happens says then, so the quiet
 * after it is counted from the drawing, not from the look that noticed it.
 */
export type ChangeProbe = () => Promise<number | undefined>

/** A ChangeProbe from an exact fingerprint of the screen. */
export function changesOf(fingerprint: () => Promise<string>): ChangeProbe {
  let last: string | undefined
  return async () => {
    const next = await fingerprint()
    const changed = last !== undefined && next !== last
    last = next
    return changed ? performance.now() : undefined
  }
}

export interface StableWatch {
  /** Between two looks, ms. */
  intervalMs?: number
  /**
   * Called once a quiet stretch has lasted half the quiet asked for (again after a later change):
   * the screen the wait most likely ends on can be made ready then, while nothing else is happening.
   */
  whenQuiet?: () => void
}

/**
 * Time-bounded polling until the screen stops changing. Shared by every Screen. "Stopped" is
 * judged against what was seen: a screen that has not changed yet is watched for `reactionMs` (a
 * popup takes a moment to open), and once it moves, the quiet asked for grows to three times the
 * longest gap between two changes (an animation slowed by a loaded machine paints less often, and
 * two matching polls in a slow animation are not the end of it), capped at MAX_QUIET_MS.
 */
export async function waitForStable(
  changed: ChangeProbe,
  { stableMs = 100, reactionMs = stableMs, timeoutMs = 2000, signal }: SettleOptions = {},
  { intervalMs = 25, whenQuiet }: StableWatch = {},
): Promise<SettleResult> {
  const start = performance.now()
  let previousLook = start
  const before = await changed()
  let since = performance.now()
  let changes = 0
  let longestGap = 0
  let changedMs: number | undefined
  if (before !== undefined) {
    // (drawn after the action, maybe before this settle began: its quiet counts from the start at the earliest)
    since = Math.max(start, Math.min(before, since))
    changes = 1
    changedMs = since - start
  }
  let readied = false
  const result = (stable: boolean, now: number): SettleResult =>
    changedMs === undefined ? { stable, waitedMs: now - start } : { stable, waitedMs: now - start, changedMs, lastChangeMs: since - start }
  while (!signal?.aborted) {
    const now = performance.now()
    const quiet = changes === 0 ? Math.max(stableMs, reactionMs) : Math.min(Math.max(stableMs, 3 * longestGap), Math.max(stableMs, MAX_QUIET_MS))
    if (now - since >= quiet) return result(true, now)
    if (now - start >= timeoutMs) return result(false, now)
    if (!readied && now - since >= quiet / 2) {
      readied = true
      whenQuiet?.()
    }
    // (the last look is taken as the quiet ends, not up to a poll later)
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, since + quiet - now)))
    const lookedAt = performance.now()
    const drawnAt = await changed()
    if (drawnAt !== undefined) {
      // (what this look saw changed was drawn after the previous look began and the last change)
      const at = Math.max(since, previousLook, Math.min(drawnAt, performance.now()))
      if (changes > 0) longestGap = Math.max(longestGap, at - since)
      changes += 1
      since = at
      changedMs ??= at - start
      readied = false
    }
    previousLook = lookedAt
  }
  return result(false, performance.now())
}
