// Bounded polling for state Chromium offers no event for (a file appearing, a target listed):
// short intervals, a hard deadline and an abort signal, never a fixed sleep.
import { raceAbort, sleep } from '../../core/abort.ts'

export interface PollOptions {
  /** Deadline, ms from now. */
  timeout: number
  /** Pause between probes, ms (default 25). */
  interval?: number
  signal?: AbortSignal | undefined
}

/** Calls `probe` until it returns a value; at the deadline throws what `onTimeout` builds. */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined>,
  onTimeout: () => Error,
  { timeout, interval = 25, signal }: PollOptions,
): Promise<T> {
  const deadline = performance.now() + timeout
  for (;;) {
    signal?.throwIfAborted()
    const value = await raceAbort(probe(), signal)
    if (value !== undefined) return value
    const left = deadline - performance.now()
    if (left <= 0) throw onTimeout()
    await sleep(Math.min(interval, left), signal)
  }
}
