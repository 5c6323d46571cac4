// Builds the Model a choice names, from a registry with one factory per provider (a provider
// without one is a compile error). Keys come from `env`, which only the CLI and the Vitest worker
// pass in. The offline model gets the extension's toolbar icon, so "click the extension icon" can
// be grounded by template matching. Each provider's adapter, and its SDK, is imported only when
// chosen: the three SDKs cost most of a CPU-second to load, in every test worker.
import { readFile } from 'node:fs/promises'
import type { Model } from '../core/model.ts'
import type { Locator } from '../grounding/locate.ts'
import { ConfigError } from '../core/errors.ts'
import { OfflineModel } from '../models/offline/offline-model.ts'
import type { Connection } from '../models/openai-client.ts'
import type { ModelChoice } from './choose-model.ts'
import { parseModelId, type ProviderName } from './model-id.ts'
import { readExtensionInfo } from '../browser-pool/extension-info.ts'
import { connectionFor, type Env } from './model-credentials.ts'
import { TOOLS_BY_PROVIDER, type ModelSettings } from './model-settings.ts'

export interface ModelContext {
  extension?: string
  locator: Locator
  /** Where API keys and base URLs are read from: the environment, passed in by the CLI or the Vitest worker. */
  env?: Env
  /** What the model drives: 'android' gives Gemini's computerUse tool its mobile environment (default 'browser'). */
  target?: 'browser' | 'android'
}

interface FactoryInput {
  id: string
  model: string
  connection: Connection
  settings: ModelSettings
  target: 'browser' | 'android'
}

type Factory = (input: FactoryInput) => Promise<Model>

const responses: Factory = async ({ id, model, connection, settings: s }) =>
  new (await import('../models/openai-responses/responses-model.ts')).OpenAIResponsesModel({ id, model, connection, canvas: s.canvas, tool: toolOf(s, 'responses', id), store: s.store, safetyChecks: s.safetyChecks, reasoningEffort: s.reasoningEffort, retry: s.retry, prices: s.prices, contextTokens: s.contextTokens, verifyModel: s.verifyModel })

const chat: Factory = async ({ id, model, connection, settings: s }) =>
  new (await import('../models/openai-chat/chat-model.ts')).OpenAIChatModel({ id, model, connection, canvas: s.canvas, coordinates: s.coordinates, keepImages: s.keepImages, structuredOutput: s.structuredOutput, retry: s.retry, prices: s.prices, contextTokens: s.contextTokens, verifyModel: s.verifyModel })

const anthropic: Factory = async ({ id, model, connection, settings: s }) =>
  new (await import('../models/anthropic/anthropic-model.ts')).AnthropicModel({ id, model, connection, canvas: s.canvas, tool: toolOf(s, 'anthropic', id), retry: s.retry, prices: s.prices, contextTokens: s.contextTokens, verifyModel: s.verifyModel })
const gemini: Factory = async ({ id, model, connection, settings: s, target }) =>
  new (await import('../models/gemini/gemini-model.ts')).GeminiModel({ id, model, connection, canvas: s.canvas, tool: toolOf(s, 'gemini', id), environment: target === 'android' ? 'mobile' : 'browser', safetyChecks: s.safetyChecks, retry: s.retry, prices: s.prices, contextTokens: s.contextTokens, verifyModel: s.verifyModel })
const API_PROVIDERS = { openai: responses, azure: responses, anthropic, gemini, 'gemini-openai': chat, 'openai-compatible': chat } satisfies Record<Exclude<ProviderName, 'offline'>, Factory>

export async function createModel(choice: ModelChoice, { extension, locator, env = {}, target = 'browser' }: ModelContext): Promise<Model> {
  const { provider, model } = parseModelId(choice.id, choice.reason)
  const settings = choice.settings ?? {}
  if (provider === 'offline') {
    const iconPath = extension ? (await readExtensionInfo(extension)).iconPath : undefined
    return new OfflineModel({ locator, extensionIcon: iconPath ? await readFile(iconPath) : undefined })
  }
  const connection = connectionFor(provider, env, choice.reason, settings.requestTimeoutMs)!
  return API_PROVIDERS[provider]({ id: choice.id, model, connection, settings, target })
}

/** modelOptions.tool, when it is one this adapter family takes; another provider's tool is a ConfigError. */
function toolOf<K extends keyof typeof TOOLS_BY_PROVIDER>(s: ModelSettings, kind: K, id: string): (typeof TOOLS_BY_PROVIDER)[K][number] | undefined {
  const allowed: readonly string[] = TOOLS_BY_PROVIDER[kind]
  if (s.tool === undefined) return undefined
  if (!allowed.includes(s.tool)) throw new ConfigError(`modelOptions.tool "${s.tool}" is not a tool ${id} can declare; it takes ${allowed.join(', ')}`)
  return s.tool as (typeof TOOLS_BY_PROVIDER)[K][number]
}
