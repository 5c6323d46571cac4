// Claude through Anthropic's Messages API on @anthropic-ai/sdk, with its computer-use tool: the
// GA `computer_toolset_20260801` (member tools) or the beta `computer_20251124`/`computer_20250124`.
import { ModelError } from '../../core/errors.ts'
import type { Frame, Size } from '../../core/frame.ts'
import type { Decision, Model, Turn, Verdict } from '../../core/model.ts'
import type { RetryPolicy } from '../../core/retry-policy.ts'
import type { Connection } from '../openai-client.ts'
import type { PriceTable } from '../prices.ts'

export const ANTHROPIC_TOOLS = ['computer_toolset_20260801', 'computer_20251124', 'computer_20250124'] as const
export type AnthropicToolKind = (typeof ANTHROPIC_TOOLS)[number]

export interface AnthropicModelOptions {
  /** The id shown in traces, e.g. 'anthropic/claude-sonnet-4-6'. */
  id: string
  /** The model name sent to the API. */
  model: string
  /** apiKey, baseURL (the SDK's base URL) and timeoutMs. */
  connection: Connection
  /** Default by model name (see toolFor in anthropic-tool.ts). */
  tool?: AnthropicToolKind
  /** The largest image sent (default: Anthropic's guidance, at most 1280×800 and 1.15 megapixels). */
  canvas?: Size
  retry?: Partial<RetryPolicy>
  /** Price overrides, and the table entry to price this model by (default: `model`). */
  prices?: PriceTable
  priceModel?: string
  /** The context this model is configured for, in tokens: a bigger request is context_overflow. */
  contextTokens?: number
  /** The model for verification (default: `model`). */
  verifyModel?: string
}

export class AnthropicModel implements Model {
  readonly id: string
  readonly #o: AnthropicModelOptions

  constructor(options: AnthropicModelOptions) {
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
