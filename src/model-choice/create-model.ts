// Builds the Model a choice names, from a registry with one factory per provider (a provider
// without one is a compile error). Keys come from `env`, which only the CLI and the Vitest worker
// pass in. The offline model gets the extension's toolbar icon, so "click the extension icon" can
// be grounded by template matching.
import { readFile } from 'node:fs/promises'
import type { Model } from '../core/model.ts'
import type { Locator } from '../grounding/locate.ts'
import { OpenAIChatModel } from '../models/openai-chat/chat-model.ts'
import { OpenAIResponsesModel } from '../models/openai-responses/responses-model.ts'
import { OfflineModel } from '../models/offline/offline-model.ts'
import type { Connection } from '../models/openai-client.ts'
import type { ModelChoice } from './choose-model.ts'
import { parseModelId, type ProviderName } from './model-id.ts'
import { readExtensionInfo } from '../browser-pool/extension-info.ts'
import { connectionFor, type Env } from './model-credentials.ts'
import type { ModelSettings } from './model-settings.ts'

export interface ModelContext {
  extension?: string
  locator: Locator
  /** Where API keys and base URLs are read from: the environment, passed in by the CLI or the Vitest worker. */
  env?: Env
}

interface FactoryInput {
  id: string
  model: string
  connection: Connection
  settings: ModelSettings
}

type Factory = (input: FactoryInput) => Model

const responses: Factory = ({ id, model, connection, settings: s }) =>
  new OpenAIResponsesModel({ id, model, connection, canvas: s.canvas, tool: s.tool, store: s.store, safetyChecks: s.safetyChecks, reasoningEffort: s.reasoningEffort, retry: s.retry, prices: s.prices, contextTokens: s.contextTokens, verifyModel: s.verifyModel })

const chat: Factory = ({ id, model, connection, settings: s }) =>
  new OpenAIChatModel({ id, model, connection, canvas: s.canvas, coordinates: s.coordinates, keepImages: s.keepImages, structuredOutput: s.structuredOutput, retry: s.retry, prices: s.prices, contextTokens: s.contextTokens, verifyModel: s.verifyModel })

const API_PROVIDERS = { openai: responses, azure: responses, gemini: chat, 'openai-compatible': chat } satisfies Record<Exclude<ProviderName, 'offline'>, Factory>

export async function createModel(choice: ModelChoice, { extension, locator, env = {} }: ModelContext): Promise<Model> {
  const { provider, model } = parseModelId(choice.id, choice.reason)
  const settings = choice.settings ?? {}
  if (provider === 'offline') {
    const iconPath = extension ? (await readExtensionInfo(extension)).iconPath : undefined
    return new OfflineModel({ locator, extensionIcon: iconPath ? await readFile(iconPath) : undefined })
  }
  const connection = connectionFor(provider, env, choice.reason, settings.requestTimeoutMs)!
  return API_PROVIDERS[provider]({ id: choice.id, model, connection, settings })
}
