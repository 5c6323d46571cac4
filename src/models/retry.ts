// Every provider call goes through here: bounded retries with backoff that honour Retry-After
// (core/retry-policy.ts decides), one note per retry for the trace, and a ModelError naming the
// provider's own message when it gives up — never the API key. Any of the three SDKs' errors
// (provider-errors.ts reads them alike).
import { sleep } from '../core/abort.ts'
import { ModelError } from '../core/errors.ts'
import { DEFAULT_RETRY_POLICY, retryDecision, type RetryPolicy } from '../core/retry-policy.ts'
import { contextOverflowMessage, readProviderError, type ProviderFailure } from './provider-errors.ts'

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
      const failure = readProviderError(error)
      if (failure.aborted) throw error
      const decision = retryDecision(failure, failures, policy)
      const what = ctx.redact(failure.message)
      if (!decision.retry) {
        throw new ModelError(`${ctx.label}: ${what} (${decision.why})`, { cause: redactedCause(error, failure, ctx.redact), context: { model: ctx.label, attempts: failures } })
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

/** The cause kept on the error, without anything that could carry the key (headers, request). */
function redactedCause(error: unknown, failure: ProviderFailure, redact: (text: string) => string): { name: string; status?: number; message: string } {
  return { name: error instanceof Error ? error.name : 'Error', status: failure.status, message: redact(failure.message) }
}
