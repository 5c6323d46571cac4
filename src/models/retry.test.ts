import { describe, expect, it } from 'vitest'
import { contextOverflowMessage } from './provider-errors.ts'
import { openaiSdk } from './provider-sdks.ts'
import { withRetries } from './retry.ts'

const { APIConnectionTimeoutError, APIError, APIUserAbortError, BadRequestError } = await openaiSdk()
const KEY = 'sk-secret-retry-test'
const redact = (t: string) => t.split(KEY).join('•••')
const policy = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 }

function failing(...errors: unknown[]) {
  let n = 0
  const call = async () => {
    const e = errors[n++]
    if (e) throw e
    return 'ok'
  }
  return { call, count: () => n }
}

const status = (code: number, message: string, headers: Record<string, string> = {}) => APIError.generate(code, { message }, message, new Headers(headers))

describe('withRetries', () => {
  it('retries a 429, honouring retry-after-ms, and notes it', async () => {
    const notes: string[] = []
    const f = failing(status(429, 'Rate limit reached', { 'retry-after-ms': '20' }))
    const started = Date.now()
    expect(await withRetries(f.call, { label: 'm', policy, notes, redact })).toBe('ok')
    expect(Date.now() - started).toBeGreaterThanOrEqual(18)
    expect(notes).toEqual(['m: 429 Rate limit reached; retrying in 20 ms (retry 1 of 2)'])
  })

  it('gives up after the bound with the provider message, as a ModelError', async () => {
    const f = failing(status(500, 'boom'), status(502, 'bad gateway'), status(503, 'overloaded'))
    await expect(withRetries(f.call, { label: 'openai/x', policy, redact })).rejects.toMatchObject({ code: 'AGENTPROBE_MODEL', message: 'openai/x: 503 overloaded (gave up after 3 attempts)' })
    expect(f.count()).toBe(3)
  })

  it('retries a timeout, but not a 400', async () => {
    const t = failing(new APIConnectionTimeoutError())
    expect(await withRetries(t.call, { label: 'm', policy, redact })).toBe('ok')
    const b = failing(status(400, 'bad request'))
    await expect(withRetries(b.call, { label: 'm', policy, redact })).rejects.toThrow('m: 400 bad request (status 400 is not retryable)')
    expect(b.count()).toBe(1)
  })

  it('never puts the key in a message or a note', async () => {
    const notes: string[] = []
    const f = failing(status(503, `try later, ${KEY}`), status(401, `Incorrect API key provided: ${KEY}`))
    const error = (await withRetries(f.call, { label: 'm', policy, notes, redact }).catch((e: unknown) => e)) as Error
    expect(error.message).toBe('m: 401 Incorrect API key provided: ••• (status 401 is not retryable)')
    expect(JSON.stringify({ notes, cause: error.cause, message: error.message })).not.toContain(KEY)
  })

  it("stops at once when the caller's signal aborts, with its reason", async () => {
    const controller = new AbortController()
    const reason = new Error('test timed out')
    const f = { call: async () => { controller.abort(reason); throw new APIUserAbortError() } }
    await expect(withRetries(f.call, { label: 'm', policy, signal: controller.signal, redact })).rejects.toBe(reason)
  })
})

describe('contextOverflowMessage', () => {
  it('recognises the context window error and nothing else', () => {
    const overflow = new BadRequestError(400, { message: "This model's maximum context length is 8192 tokens", code: 'context_length_exceeded' }, "This model's maximum context length is 8192 tokens", new Headers())
    expect(contextOverflowMessage(overflow)).toMatch(/maximum context length/)
    expect(contextOverflowMessage(status(400, 'bad image'))).toBeUndefined()
    expect(contextOverflowMessage(new Error('maximum context length'))).toBeUndefined()
  })
})
