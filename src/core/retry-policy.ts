// When a failed provider call is tried again, and when it becomes provider_error (DESIGN §5):
// 429, 5xx, 408/409 and timeouts retry with exponential backoff, honouring Retry-After, a bounded
// number of times; anything else fails at once. Pure, so every rule is unit-tested.

export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  maxRetries: number
  /** First backoff, doubled each retry (default 500 ms). */
  baseDelayMs: number
  /** Backoff ceiling (default 8 s). */
  maxDelayMs: number
  /** A Retry-After longer than this is not waited for: the call fails at once (default 60 s). */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({ maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60_000 })

/** What went wrong with one attempt, as far as retrying is concerned. */
export interface AttemptFailure {
  /** HTTP status, when the server answered. */
  status?: number
  /** No answer in time, or the connection failed. */
  network?: 'timeout' | 'connection'
  /** The Retry-After header (seconds or an HTTP date) and OpenAI's retry-after-ms. */
  retryAfter?: string | null
  retryAfterMs?: string | null
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; why: string }

export function isRetryable(failure: AttemptFailure): boolean {
  if (failure.network) return true
  const s = failure.status
  return s === 408 || s === 409 || s === 429 || (s !== undefined && s >= 500)
}

/** The server's requested wait in ms, from retry-after-ms or Retry-After (seconds or a date). */
export function parseRetryAfter(retryAfter: string | null | undefined, retryAfterMs: string | null | undefined, now: number): number | undefined {
  const ms = Number(retryAfterMs)
  if (retryAfterMs && Number.isFinite(ms) && ms >= 0) return ms
  if (!retryAfter) return undefined
  const seconds = Number(retryAfter)
  if (retryAfter.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(retryAfter)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** After `failures` failed attempts (1 = the first), whether and how long to wait before the next. */
export function retryDecision(failure: AttemptFailure, failures: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, now = Date.now()): RetryDecision {
  if (!isRetryable(failure)) return { retry: false, why: failure.status === undefined ? 'not retryable' : `status ${failure.status} is not retryable` }
  if (failures > policy.maxRetries) return { retry: false, why: `gave up after ${failures} attempts` }
  const requested = parseRetryAfter(failure.retryAfter, failure.retryAfterMs, now)
  if (requested !== undefined) {
    if (requested > policy.maxRetryAfterMs) {
      return { retry: false, why: `Retry-After asks for ${Math.round(requested / 1000)} s, over the ${Math.round(policy.maxRetryAfterMs / 1000)} s limit` }
    }
    return { retry: true, delayMs: requested }
  }
  return { retry: true, delayMs: Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - 1)) }
}
