// One reading of a failed provider call, whichever SDK threw it (openai, @anthropic-ai/sdk,
// @google/genai): its HTTP status, the wait the server asked for, whether it was our own abort,
// and whether it is the context-window error. retry.ts decides from this alone.
import type * as AnthropicSdk from '@anthropic-ai/sdk'
import type { ApiError as GoogleApiError } from '@google/genai'
import type * as OpenAISdk from 'openai'
import { errorMessage } from '../core/errors.ts'
import type { AttemptFailure } from '../core/retry-policy.ts'
import { loadedSdks } from './provider-sdks.ts'

export interface ProviderFailure extends AttemptFailure {
  /** The SDK's user-abort error: the caller stopped the call, never retried. */
  aborted?: boolean
  /** The provider's own words, for the ModelError. */
  message: string
}

export function readProviderError(error: unknown): ProviderFailure {
  if (isSdkError(error, 'APIUserAbortError')) return { aborted: true, message: errorMessage(error) }
  if (isSdkError(error, 'APIConnectionTimeoutError')) return { network: 'timeout', message: 'the request timed out' }
  if (isSdkError(error, 'APIConnectionError')) return { network: 'connection', message: `connection failed: ${error.message}` }
  if (isSdkError(error, 'APIError')) {
    const headers = error.headers as Headers | undefined
    // Anthropic's message is the status and the whole JSON body; its apiMessage is the body's own words.
    const message = 'apiMessage' in error && error.apiMessage ? `${error.status} ${error.apiMessage}` : errorMessage(error)
    return { status: error.status, retryAfter: headers?.get('retry-after'), retryAfterMs: headers?.get('retry-after-ms'), message }
  }
  const google = loadedSdks().google
  if (google && error instanceof google.ApiError) return readGoogleError(error)
  // @google/genai lets fetch's own errors through: its timeout is an AbortError, a refused connection a TypeError.
  if (error instanceof Error && error.name === 'AbortError') return { network: 'timeout', message: 'the request timed out' }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return { network: 'connection', message: `connection failed: ${errorMessage(error.cause ?? error)}` }
  return { message: errorMessage(error) }
}

/** The context-window error of any of the three APIs, as the provider's message; undefined for any other error. */
export function contextOverflowMessage(error: unknown): string | undefined {
  const failure = readProviderError(error)
  if (failure.status !== 400 && failure.status !== 413) return undefined
  const openai = loadedSdks().openai
  const code = openai && error instanceof openai.APIError ? (error.code ?? '') : ''
  const pattern = /context_length_exceeded|maximum context length|context window|too many tokens|prompt is too long|input token count .* exceeds/i
  return pattern.test(`${code} ${failure.message}`) ? failure.message : undefined
}

type SharedError = 'APIUserAbortError' | 'APIConnectionTimeoutError' | 'APIConnectionError' | 'APIError'

/** Whether the error is of the named class in the OpenAI or the Anthropic SDK (the two name their errors alike). */
function isSdkError<K extends SharedError>(error: unknown, name: K): error is InstanceType<(typeof OpenAISdk)[K]> | InstanceType<(typeof AnthropicSdk)[K]> {
  const { openai, anthropic } = loadedSdks()
  return (openai !== undefined && error instanceof openai[name]) || (anthropic !== undefined && error instanceof anthropic[name])
}

/**
 * Google's error body is JSON in the message: `{ error: { code, message, status, details } }`; a
 * 429 names its wait in a RetryInfo detail ("retryDelay": "7s") rather than a header.
 */
function readGoogleError(error: GoogleApiError): ProviderFailure {
  let body: { error?: { message?: string; details?: { '@type'?: string; retryDelay?: string }[] } } | undefined
  try {
    body = JSON.parse(error.message) as typeof body
  } catch {
    body = undefined
  }
  const delay = body?.error?.details?.find((d) => d['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay
  const seconds = delay?.match(/^(\d+(?:\.\d+)?)s$/)?.[1]
  return { status: error.status, retryAfter: seconds ?? null, message: `${error.status} ${body?.error?.message ?? error.message}` }
}
