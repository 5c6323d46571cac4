// Every provider call goes through here: bounded retries with backoff that honour Retry-After
// (core/retry-policy.ts decides), one note per retry for the trace, and a ModelError naming the
// provider's own message when it gives up — never the API key.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import { sleep } from '../core/abort.ts'
import { ModelError, errorMessage } from '../core/errors.ts'
import { DEFAULT_RETRY_POLICY, retryDecision, type AttemptFailure, type RetryPolicy } from '../core/retry-policy.ts'

export interface RetryContext {
  /** e.g. 'openai/gpt-5.4' or 'openai/gpt-5.4 verifier', for messages. */
  label: string
  policy?: RetryPolicy
  signal?: AbortSignal
  /** Receives one line per retry. */
  notes?: string[]
  /** Masks secrets (the API key) in every message. */
  redact: (text: string) => string
}

export async function withRetries<T>(call: () => Promise<T>, ctx: RetryContext): Promise<T> {
  const policy = ctx.policy ?? DEFAULT_RETRY_POLICY
  for (let failures = 1; ; failures++) {
    try {
      return await call()
    } catch (error) {
      if (ctx.signal?.aborted) throw ctx.signal.reason
      if (error instanceof APIUserAbortError) throw error
      const failure = attemptFailure(error)
      const decision = retryDecision(failure, failures, policy)
      const what = ctx.redact(describeError(error))
      if (!decision.retry) {
        throw new ModelError(`${ctx.label}: ${what} (${decision.why})`, { cause: redactedCause(error, ctx.redact), context: { model: ctx.label, attempts: failures } })
      }
      ctx.notes?.push(`${ctx.label}: ${what}; retrying in ${decision.delayMs} ms (retry ${failures} of ${policy.maxRetries})`)
      await sleep(decision.delayMs, ctx.signal)
    }
  }
}

/** withRetries, except that the API's context-window error comes back as `{ overflow }` (context_overflow), never retried. */
export function withRetriesOrOverflow<T>(call: () => Promise<T>, ctx: RetryContext): Promise<T | { overflow: string }> {
  return withRetries(async () => {
    try {
      return await call()
    } catch (error) {
      const overflow = contextOverflowMessage(error)
      if (overflow) return { overflow: ctx.redact(overflow) }
      throw error
    }
  }, ctx)
}

/** The context-window error of OpenAI-style APIs, as a message; undefined for any other error. */
export function contextOverflowMessage(error: unknown): string | undefined {
  if (!(error instanceof APIError) || error.status !== 400) return undefined
  const text = `${error.code ?? ''} ${error.message}`
  return /context_length_exceeded|maximum context length|context window|too many tokens/i.test(text) ? error.message : undefined
}

function attemptFailure(error: unknown): AttemptFailure {
  if (error instanceof APIConnectionTimeoutError) return { network: 'timeout' }
  if (error instanceof APIConnectionError) return { network: 'connection' }
  if (error instanceof APIError) {
    return { status: error.status, retryAfter: error.headers?.get('retry-after'), retryAfterMs: error.headers?.get('retry-after-ms') }
  }
  return {}
}

function describeError(error: unknown): string {
  if (error instanceof APIConnectionTimeoutError) return 'the request timed out'
  if (error instanceof APIError && error.status === undefined) return `connection failed: ${error.message}`
  return errorMessage(error)
}

/** The cause kept on the error, without anything that could carry the key (headers, request). */
function redactedCause(error: unknown, redact: (text: string) => string): { name: string; status?: number; message: string } {
  return { name: error instanceof Error ? error.name : 'Error', status: error instanceof APIError ? error.status : undefined, message: redact(errorMessage(error)) }
}
