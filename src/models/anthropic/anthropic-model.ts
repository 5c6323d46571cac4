// Claude through Anthropic's Messages API on @anthropic-ai/sdk, with its computer-use tool: the
// GA `computer_toolset_20260801` (member tools) or the beta `computer_20251124`/`computer_20250124`
// (one `computer` tool, its beta header). Each tool_use is answered with a tool_result carrying
// the new screenshot (a zoom its crop, cursor_position the pointer); the stable prefix (tools and
// system) and the conversation so far are cached; the run ends on TEST_PASSED/TEST_FAILED.
import type Anthropic from '@anthropic-ai/sdk'
import type { MessageCreateParamsNonStreaming as BetaParams } from '@anthropic-ai/sdk/resources/beta/messages/messages'
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages'
import { pointerAfter } from '../../core/action.ts'
import { ModelError } from '../../core/errors.ts'
import { lazily } from '../../core/lazily.ts'
import type { Size } from '../../core/frame.ts'
import type { Decision, Model, Turn, Usage } from '../../core/model.ts'
import { detectContextOverflow, estimateImageTokens, estimateTextTokens, judgeReply } from '../../core/reply-checks.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../core/retry-policy.ts'
import { DEFAULT_CANVAS, encodeCanvas, encodeCrop } from '../canvas-image.ts'
import { ColdCalls, type ColdCaller, type ColdReply, type ColdRequest } from '../cold-call.ts'
import { FAMILIES } from '../families/index.ts'
import { keyRedactor, type Connection } from '../openai-client.ts'
import { costOf, priceFor, type PriceTable } from '../prices.ts'
import { systemPrompt } from '../prompt.ts'
import { decideWithoutActions, forgiveOnce } from '../reply-decision.ts'
import { withRetriesOrOverflow } from '../retry.ts'
import { RunStore } from '../run-store.ts'
import { anthropicClient } from './anthropic-client.ts'
import { toActions } from './computer-actions.ts'
import { anthropicCanvas, BETA_HEADERS, defaultTool, toolEntry, type AnthropicToolKind } from './computer-tool.ts'
import { imageBlock, newConversation, nextUserContent, withCacheBreakpoint, type Block, type Conversation, type MessageParam } from './conversation.ts'
import { coldOutputFormat } from './output-format.ts'
import { readMessage, type MessageLike } from './read-message.ts'

export interface AnthropicModelOptions {
  /** The id shown in traces, e.g. 'anthropic/claude-sonnet-4-6'. */
  id: string
  /** The model name sent to the API. */
  model: string
  /** apiKey, baseURL (the SDK's base URL) and timeoutMs. */
  connection: Connection
  /** Default by model name (defaultTool in computer-tool.ts). */
  tool?: AnthropicToolKind
  /** The largest image sent (default 1280×800, and never over 1.15 megapixels, as Anthropic advises). */
  canvas?: Size
  retry?: Partial<RetryPolicy>
  /** Price overrides, and the table entry to price this model by (default: `model`). */
  prices?: PriceTable
  priceModel?: string
  /** The context this model is configured for, in tokens: a bigger request is context_overflow. */
  contextTokens?: number
  /** The model for the cold calls: verification, query, locate (default: `model`). */
  verifyModel?: string
  /** max_tokens of one reply (default 2048). */
  maxTokens?: number
}

const CACHED = { type: 'ephemeral' } as const

export class AnthropicModel extends ColdCalls implements Model {
  readonly id: string
  readonly tool: AnthropicToolKind
  readonly #o: AnthropicModelOptions
  readonly #client: () => Promise<Anthropic>
  readonly #redact: (text: string) => string
  readonly #runs = new RunStore<Conversation>()
  protected readonly cold: ColdCaller

  constructor(options: AnthropicModelOptions) {
    super()
    this.#o = options
    this.id = options.id
    this.tool = options.tool ?? defaultTool(options.model)
    this.#client = lazily(() => anthropicClient(options.connection))
    this.#redact = keyRedactor(options.connection.apiKey)
    // Claude points in pixels of the image it was sent; the limit is capped as the agent's image is, so no frame fits past 1.15 MP.
    this.cold = { id: this.id, family: FAMILIES.pixels, canvas: anthropicCanvas(options.canvas ?? DEFAULT_CANVAS, options.canvas), call: (r) => this.#coldCall(r) }
  }

  async next(turn: Turn): Promise<Decision> {
    const c = this.#runs.get(turn.runId, newConversation)
    const canvas = anthropicCanvas(turn.screen, this.#o.canvas)
    const screenshot = await encodeCanvas(turn.frame, canvas)
    const sent = canvas.width === turn.frame.width && canvas.height === turn.frame.height ? undefined : { png: screenshot.png, ...canvas }
    const toolset = this.tool === 'computer_toolset_20260801' ? 'computer' : undefined
    const content = await nextUserContent(c, turn, { screenshot, crop: (box) => encodeCrop(turn.frame, box, canvas), toolset })
    const message: MessageParam = { role: 'user', content }
    const images = content.filter((b) => JSON.stringify(b).includes('"base64"')).length
    const textTokens = estimateTextTokens(JSON.stringify(message).replace(/"data":"[^"]*"/g, '""'))
    const overflow = detectContextOverflow(c.contextTokens + images * estimateImageTokens(canvas) + textTokens, this.#o.contextTokens, turn.step)
    if (overflow) return this.#end(turn.runId, { status: 'continue', actions: [], failures: [overflow], sent })

    const notes: string[] = []
    const messages = [...c.messages, message]
    const reply = await this.#send({ system: systemPrompt(), messages: withCacheBreakpoint(messages), tools: [toolEntry(this.tool, canvas)] }, this.#o.model, turn.signal, notes, this.id)
    if ('overflow' in reply) {
      return this.#end(turn.runId, { status: 'continue', actions: [], failures: [{ type: 'context_overflow', step: turn.step, message: reply.overflow }], sent, notes })
    }
    const read = readMessage(reply)
    c.started = true
    c.messages = [...messages, { role: 'assistant', content: reply.content as unknown as Block[] }]
    c.contextTokens = read.usage.inputTokens + read.usage.outputTokens
    const base = { text: read.text || undefined, reasoning: read.reasoning, usage: this.#usage(read.usage, this.#o.model), sent, notes }

    const judgement = judgeReply({ actions: read.uses.length, text: read.text }, c.strikes, turn.step)
    if (judgement.kind === 'act') {
      const pointer = pointerAfter(turn.history.flatMap((h) => h.actions))
      const mapped = toActions(read.uses, { canvas, screen: turn.screen, step: turn.step, pointer, held: c.held })
      notes.push(...mapped.notes)
      const { failures, told } = forgiveOnce(mapped.failures, c, notes)
      Object.assign(c, { pending: mapped.answers, held: mapped.held, told: told ? `Not performed: ${told}.` : undefined })
      return { status: 'continue', actions: mapped.actions, failures, ...base }
    }
    c.pending = []
    const { decision, end } = decideWithoutActions(judgement, c, base, read.text)
    return end ? this.#end(turn.runId, decision) : decision
  }

  /**
   * One cold call (verify, query, locate) on its own, no conversation and no tool, on the GA API:
   * the instructions as the system prompt, the text and the image as the user message, the reply
   * held to the format by structured output when Anthropic's subset can express it (coldOutputFormat).
   */
  async #coldCall(r: ColdRequest): Promise<ColdReply> {
    const model = this.#o.verifyModel ?? this.#o.model
    const messages: MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: r.text }, imageBlock(r.image)] }]
    const format = coldOutputFormat(r.format)
    const reply = await this.#send({ system: r.instructions, messages, ...(format && { output_config: { format } }) }, model, r.signal, [], r.label, 'ga')
    if ('overflow' in reply) throw new ModelError(`${r.label}: ${reply.overflow}`, { context: { model: this.id } })
    const read = readMessage(reply)
    return { text: read.text, usage: this.#usage(read.usage, model) }
  }

  /** One request with retries: the GA API for the toolset and cold calls, the beta API with its header for a beta tool. */
  #send(
    parts: { system: string; messages: MessageParam[]; tools?: Block[]; output_config?: Record<string, unknown> },
    model: string,
    signal: AbortSignal | undefined,
    notes: string[],
    label: string,
    api: 'ga' | 'tool' = 'tool',
  ): Promise<MessageLike | { overflow: string }> {
    // The system prompt is the stable prefix after the tools: one breakpoint caches both.
    const body = { model, max_tokens: this.#o.maxTokens ?? 2048, system: [{ type: 'text', text: parts.system, cache_control: CACHED }], messages: parts.messages, ...(parts.tools && { tools: parts.tools }), ...(parts.output_config && { output_config: parts.output_config }) }
    const beta = api === 'tool' && this.tool !== 'computer_toolset_20260801' ? BETA_HEADERS[this.tool] : undefined
    const policy = { ...DEFAULT_RETRY_POLICY, ...this.#o.retry }
    // Content blocks are built as plain JSON, the same for both APIs; the SDK's types are the contract of these fields.
    const request = async () => {
      const client = await this.#client()
      return beta
        ? client.beta.messages.create({ ...body, betas: [beta] } as unknown as BetaParams, { signal })
        : client.messages.create(body as unknown as MessageCreateParamsNonStreaming, { signal })
    }
    return withRetriesOrOverflow<MessageLike>(request, { label, signal, notes, redact: this.#redact, policy })
  }

  #usage(tokens: Omit<Usage, 'costUsd'>, model: string): Usage {
    return { ...tokens, costUsd: costOf(tokens, priceFor(this.#o.priceModel ?? model, this.#o.prices)) }
  }

  #end(runId: string, decision: Decision): Decision {
    this.#runs.end(runId)
    return decision
  }
}
