import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, retryDecision, type RetryPolicy } from './retry-policy.ts'

const policy: RetryPolicy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 350, maxRetryAfterMs: 10_000 }
const NOW = Date.parse('2026-01-01T00:00:00Z')

describe('isRetryable', () => {
  it.each([[408], [409], [429], [500], [502], [503], [529]])('retries status %d', (status) => {
    expect(isRetryable({ status })).toBe(true)
  })

  it.each([[400], [401], [403], [404], [422]])('does not retry status %d', (status) => {
    expect(isRetryable({ status })).toBe(false)
  })

  it('retries timeouts and dropped connections', () => {
    expect(isRetryable({ network: 'timeout' })).toBe(true)
    expect(isRetryable({ network: 'connection' })).toBe(true)
    expect(isRetryable({})).toBe(false)
  })
})

describe('parseRetryAfter', () => {
  it('prefers retry-after-ms, then seconds, then an HTTP date', () => {
    expect(parseRetryAfter('5', '250', NOW)).toBe(250)
    expect(parseRetryAfter('2', null, NOW)).toBe(2000)
    expect(parseRetryAfter('0.5', undefined, NOW)).toBe(500)
    expect(parseRetryAfter(new Date(NOW + 3000).toUTCString(), null, NOW)).toBe(3000)
    expect(parseRetryAfter(new Date(NOW - 3000).toUTCString(), null, NOW)).toBe(0)
  })

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, null, NOW)).toBeUndefined()
    expect(parseRetryAfter('soon', 'later', NOW)).toBeUndefined()
    expect(parseRetryAfter('', '', NOW)).toBeUndefined()
  })
})

describe('retryDecision', () => {
  it('backs off exponentially up to the ceiling', () => {
    const delays = [1, 2, 3].map((n) => retryDecision({ status: 503 }, n, policy, NOW))
    expect(delays).toEqual([
      { retry: true, delayMs: 100 },
      { retry: true, delayMs: 200 },
      { retry: true, delayMs: 350 },
    ])
  })

  it('honours Retry-After instead of the backoff', () => {
    expect(retryDecision({ status: 429, retryAfter: '1' }, 1, policy, NOW)).toEqual({ retry: true, delayMs: 1000 })
  })

  it('gives up after maxRetries retries', () => {
    expect(retryDecision({ status: 500 }, 4, policy, NOW)).toEqual({ retry: false, why: 'gave up after 4 attempts' })
  })

  it('gives up at once on a Retry-After over the limit, saying so', () => {
    const d = retryDecision({ status: 429, retryAfter: '3600' }, 1, policy, NOW)
    expect(d).toEqual({ retry: false, why: 'Retry-After asks for 3600 s, over the 10 s limit' })
  })

  it('never retries a client error', () => {
    expect(retryDecision({ status: 401 }, 1, policy, NOW)).toEqual({ retry: false, why: 'status 401 is not retryable' })
  })

  it('has bounded defaults', () => {
    expect(DEFAULT_RETRY_POLICY.maxRetries).toBeGreaterThan(0)
    expect(retryDecision({ network: 'timeout' }, DEFAULT_RETRY_POLICY.maxRetries + 1).retry).toBe(false)
  })
})
