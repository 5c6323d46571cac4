import { describe, expect, it } from 'vitest'
import { contextOverflowMessage, readProviderError } from './provider-errors.ts'
import { anthropicSdk, googleSdk } from './provider-sdks.ts'
import { withRetries } from './retry.ts'

// (through the loaders, as the adapters import them: only an SDK that was loaded is asked about its errors)
const Anthropic = await anthropicSdk()
const { ApiError: GoogleApiError } = await googleSdk()

const anthropic = (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
  Anthropic.APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers(headers))
const google = (code: number, message: string, details: unknown[] = []) =>
  new GoogleApiError({ status: code, message: JSON.stringify({ error: { code, message, status: 'X', details } }) })
const policy = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 }

describe('readProviderError: Anthropic', () => {
  it('reads status and retry-after of a 429, and an overloaded 529 as a 5xx', () => {
    expect(readProviderError(anthropic(429, 'rate_limit_error', 'slow down', { 'retry-after': '2' }))).toMatchObject({ status: 429, retryAfter: '2' })
    expect(readProviderError(anthropic(529, 'overloaded_error', 'Overloaded'))).toMatchObject({ status: 529 })
    expect(readProviderError(new Anthropic.APIConnectionTimeoutError())).toMatchObject({ network: 'timeout' })
    expect(readProviderError(new Anthropic.APIUserAbortError())).toMatchObject({ aborted: true })
  })
  it('retries a 529 and fails a 401 at once', async () => {
    let n = 0
    const call = async () => {
      if (n++ === 0) throw anthropic(529, 'overloaded_error', 'Overloaded')
      throw anthropic(401, 'authentication_error', 'invalid x-api-key')
    }
    await expect(withRetries(call, { label: 'anthropic/m', policy, redact: (t) => t })).rejects.toThrow('anthropic/m: 401 invalid x-api-key (status 401 is not retryable)')
    expect(n).toBe(2)
  })
  it('knows its context-window error', () => {
    expect(contextOverflowMessage(anthropic(400, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum'))).toMatch(/prompt is too long/)
    expect(contextOverflowMessage(anthropic(400, 'invalid_request_error', 'bad image'))).toBeUndefined()
  })
})

describe('readProviderError: Google', () => {
  it("takes the wait from a 429's RetryInfo and the message from the JSON body", () => {
    const failure = readProviderError(google(429, 'Resource exhausted', [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3s' }]))
    expect(failure).toEqual({ status: 429, retryAfter: '3', message: '429 Resource exhausted' })
    expect(readProviderError(google(503, 'The model is overloaded'))).toMatchObject({ status: 503, retryAfter: null })
  })
  it("reads fetch's abort as a timeout and a refused connection as a connection failure", () => {
    expect(readProviderError(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }))).toMatchObject({ network: 'timeout' })
    expect(readProviderError(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }))).toMatchObject({ network: 'connection', message: 'connection failed: connect ECONNREFUSED' })
  })
  it('knows its context-window error', () => {
    expect(contextOverflowMessage(google(400, 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).'))).toMatch(/input token count/)
  })
})
