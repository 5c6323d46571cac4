// The three provider SDKs, each imported on its first call. Together they cost about 0.7 CPU-s to
// import, in every test worker, and a keyless run (the offline model, cassettes) needs none of them.
// Only this module imports them as values (eslint.config.js), so an SDK's error can only exist once
// its module is recorded here, which is what provider-errors.ts relies on.
import type * as AnthropicSdk from '@anthropic-ai/sdk'
import type * as GoogleSdk from '@google/genai'
import type * as OpenAISdk from 'openai'

export interface LoadedSdks {
  openai?: typeof OpenAISdk
  anthropic?: typeof AnthropicSdk
  google?: typeof GoogleSdk
}

const loaded: LoadedSdks = {}

export const openaiSdk = async (): Promise<typeof OpenAISdk> => (loaded.openai ??= await import('openai'))
export const anthropicSdk = async (): Promise<typeof AnthropicSdk> => (loaded.anthropic ??= await import('@anthropic-ai/sdk'))
export const googleSdk = async (): Promise<typeof GoogleSdk> => (loaded.google ??= await import('@google/genai'))

/** The SDKs imported so far in this process. */
export const loadedSdks = (): Readonly<LoadedSdks> => loaded
