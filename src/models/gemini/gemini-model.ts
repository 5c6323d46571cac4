// Gemini through its own API on @google/genai: the native computerUse tool for computer-use
// models, function calling with the same predefined names for the others, on the 0–999 grid.
import type { Frame, Size } from '../../core/frame.ts'
import type { Decision, Model, Turn, Verdict } from '../../core/model.ts'
import { ModelError } from '../../core/errors.ts'
import type { RetryPolicy } from '../../core/retry-policy.ts'
import type { Connection } from '../openai-client.ts'
import type { PriceTable } from '../prices.ts'

export interface GeminiModelOptions {
  /** The id shown in traces, e.g. 'gemini/gemini-2.5-computer-use-preview-10-2025'. */
  id: string
  /** The model name sent to the API. */
  model: string
  /** apiKey, baseURL (the SDK's httpOptions.baseUrl) and timeoutMs; auth/organization/project are ignored. */
  connection: Connection
  /** The largest image sent (default 1280×800). */
  canvas?: Size
  /** 'browser' (default) or 'mobile' (the Android target): the computerUse tool's environment. */
  environment?: 'browser' | 'mobile'
  /** Default: the native tool for model names containing `computer-use`, else function calling. */
  tool?: 'computerUse' | 'functions'
  /** 'acknowledge' (default): a safety decision asking for confirmation is confirmed and noted; 'fail': it fails the run. */
  safetyChecks?: 'acknowledge' | 'fail'
  retry?: Partial<RetryPolicy>
  /** Price overrides, and the table entry to price this model by (default: `model`). */
  prices?: PriceTable
  priceModel?: string
  /** The context this model is configured for, in tokens: a bigger request is context_overflow. */
  contextTokens?: number
  /** The model for verification (default: `model`). */
  verifyModel?: string
}

export class GeminiModel implements Model {
  readonly id: string
  readonly #o: GeminiModelOptions

  constructor(options: GeminiModelOptions) {
    this.#o = options
    this.id = options.id
  }

  next(turn: Turn): Promise<Decision> {
    return Promise.reject(new ModelError(`${this.id}: not built yet (step ${turn.step}, model ${this.#o.model})`, { context: { model: this.id } }))
  }

  verify(question: string, frame: Frame): Promise<Verdict> {
    return Promise.reject(new ModelError(`${this.id}: verify not built yet (${question.length} chars, ${frame.width}×${frame.height})`, { context: { model: this.id } }))
  }
}
