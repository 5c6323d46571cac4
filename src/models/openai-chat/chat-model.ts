// Any OpenAI-compatible Chat Completions vision model (Gemini's OpenAI endpoint, Ollama, vLLM,
// OpenRouter): the screenshot as image_url, actions as tool calls, coordinates in the model
// family's convention (families/), mapped to screen pixels by core/geometry.
import type OpenAI from 'openai'
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageToolCall } from 'openai/resources/chat/completions'
import { ModelError } from '../../core/errors.ts'
import { lazily } from '../../core/lazily.ts'
import type { Size } from '../../core/frame.ts'
import { canvasFor } from '../../core/geometry.ts'
import type { Decision, Model, Turn, Usage } from '../../core/model.ts'
import { detectContextOverflow, estimateImageTokens, estimateTextTokens, judgeReply } from '../../core/reply-checks.ts'
import { decideWithoutActions, forgiveOnce } from '../reply-decision.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../core/retry-policy.ts'
import { DEFAULT_CANVAS, encodeCanvas } from '../canvas-image.ts'
import { familyFor, type Family } from '../families/index.ts'
import { keyRedactor, openaiClient, type Connection } from '../openai-client.ts'
import { costOf, priceFor, type PriceTable } from '../prices.ts'
import { ColdCalls, type ColdCaller, type ColdReply, type ColdRequest } from '../cold-call.ts'
import { systemPrompt } from '../prompt.ts'
import { withRetriesOrOverflow } from '../retry.ts'
import { RunStore } from '../run-store.ts'
import { addReply, addTurn, newConversation, type ChatConversation } from './conversation.ts'
import { parseToolCalls, type ToolCall } from './tool-calls.ts'
import { chatTools } from './tools.ts'

export interface ChatModelOptions {
  /** e.g. 'gemini-openai/gemini-2.5-flash', 'openai-compatible/qwen3-vl-8b'. */
  id: string
  model: string
  connection: Connection
  /** A coordinate family name overriding the one the model name implies (families/). */
  coordinates?: string
  /** The largest image sent (default 1280×800). */
  canvas?: Size
  /** Screenshots kept as images in the conversation (default 2); older ones become a line of text. */
  keepImages?: number
  /** false for servers without response_format json_schema: the JSON of verdicts, queries and locates is asked for in words. */
  structuredOutput?: boolean
  retry?: Partial<RetryPolicy>
  prices?: PriceTable
  priceModel?: string
  contextTokens?: number
  /** The model for the cold calls: verification, query, locate (default: `model`). */
  verifyModel?: string
}

export class OpenAIChatModel extends ColdCalls implements Model {
  readonly id: string
  readonly family: Family
  readonly #o: ChatModelOptions
  readonly #client: () => Promise<OpenAI>
  readonly #redact: (text: string) => string
  readonly #runs = new RunStore<ChatConversation>()
  protected readonly cold: ColdCaller

  constructor(options: ChatModelOptions) {
    super()
    this.#o = options
    this.id = options.id
    this.family = familyFor(options.model, options.coordinates)
    this.#client = lazily(() => openaiClient(options.connection))
    this.#redact = keyRedactor(options.connection.apiKey)
    this.cold = { id: this.id, family: this.family, canvas: options.canvas ?? DEFAULT_CANVAS, call: (r) => this.#coldCall(r) }
  }

  async next(turn: Turn): Promise<Decision> {
    const canvas = canvasFor(this.family.convention, turn.screen, this.#o.canvas ?? DEFAULT_CANVAS)
    const c = this.#runs.get(turn.runId, () => newConversation(systemPrompt(this.family.describe(canvas))))
    const image = await encodeCanvas(turn.frame, canvas)
    const sent = canvas.width === turn.frame.width && canvas.height === turn.frame.height ? undefined : { png: image.png, ...canvas }
    addTurn(c, turn, image.dataUrl, this.#o.keepImages ?? 2)
    const estimate = c.contextTokens + estimateImageTokens(canvas) + estimateTextTokens(JSON.stringify(c.messages.at(-1)).replace(image.dataUrl, ''))
    const overflow = detectContextOverflow(estimate, this.#o.contextTokens, turn.step)
    if (overflow) return this.#end(turn.runId, { status: 'continue', actions: [], failures: [overflow], sent })

    const notes: string[] = []
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.#o.model,
      messages: c.messages,
      tools: chatTools(this.family.describe(canvas)),
      tool_choice: 'auto',
    }
    const reply = await this.#call(body, turn.signal, notes, this.id)
    if ('overflow' in reply) {
      return this.#end(turn.runId, { status: 'continue', actions: [], failures: [{ type: 'context_overflow', step: turn.step, message: reply.overflow }], sent, notes })
    }
    const message = reply.choices[0]?.message
    const calls = (message?.tool_calls ?? []).map(toolCall)
    const parsed = parseToolCalls(calls, { convention: this.family.convention, canvas, screen: turn.screen, step: turn.step })
    if (message) addReply(c, message, parsed.results)
    const usage = this.#usage(reply, this.#o.model)
    c.contextTokens = usage.inputTokens + usage.outputTokens
    const text = message?.content?.trim() || undefined
    const base = { text, usage, sent, notes }

    // done/fail read as a verdict message; a reply with only a verdict call is not "no action".
    const verdictText = parsed.verdict && `${parsed.verdict.status === 'passed' ? 'TEST_PASSED' : 'TEST_FAILED'} ${parsed.verdict.reason}`
    const acted = parsed.actions.length + parsed.failures.length
    const judgement = judgeReply({ actions: acted, text: verdictText ?? text }, c.strikes, turn.step)
    if (judgement.kind === 'act') {
      // The tool results already told the model what could not be parsed.
      const { failures } = forgiveOnce(parsed.failures, c, notes)
      return { status: 'continue', actions: parsed.actions, failures, ...base }
    }
    const { decision, end } = decideWithoutActions(judgement, c, base, text)
    return end ? this.#end(turn.runId, decision) : decision
  }

  /** One cold call (verify, query, locate) on the verification model, the image in the family's canvas. */
  async #coldCall(r: ColdRequest): Promise<ColdReply> {
    const model = this.#o.verifyModel ?? this.#o.model
    const body: ChatCompletionCreateParamsNonStreaming = {
      model,
      messages: [
        { role: 'system', content: r.instructions },
        { role: 'user', content: [{ type: 'text', text: r.text }, { type: 'image_url', image_url: { url: r.image.dataUrl, detail: 'high' } }] },
      ],
      ...(this.#o.structuredOutput !== false && { response_format: { type: 'json_schema', json_schema: r.format } }),
    }
    const reply = await this.#call(body, r.signal, [], r.label)
    if ('overflow' in reply) throw new ModelError(`${r.label}: ${reply.overflow}`, { context: { model: this.id } })
    return { text: reply.choices[0]?.message?.content ?? '', usage: this.#usage(reply, model) }
  }

  #call(body: ChatCompletionCreateParamsNonStreaming, signal: AbortSignal | undefined, notes: string[], label: string) {
    const policy = { ...DEFAULT_RETRY_POLICY, ...this.#o.retry }
    return withRetriesOrOverflow(async (): Promise<ChatCompletion> => (await this.#client()).chat.completions.create(body, { signal }), { label, signal, notes, redact: this.#redact, policy })
  }

  #usage(reply: ChatCompletion, model: string): Usage {
    const u = reply.usage
    const tokens = { inputTokens: u?.prompt_tokens ?? 0, cachedTokens: u?.prompt_tokens_details?.cached_tokens ?? 0, outputTokens: u?.completion_tokens ?? 0 }
    return { ...tokens, costUsd: costOf(tokens, priceFor(this.#o.priceModel ?? model, this.#o.prices)) }
  }

  #end(runId: string, decision: Decision): Decision {
    this.#runs.end(runId)
    return decision
  }
}

function toolCall(call: ChatCompletionMessageToolCall): ToolCall {
  return call.type === 'function'
    ? { id: call.id, name: call.function.name, arguments: call.function.arguments }
    : { id: call.id, name: call.custom.name, arguments: call.custom.input }
}
