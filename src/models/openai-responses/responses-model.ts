// OpenAI's Responses API computer tool, for openai/… and azure/… models: the GA `computer` tool
// (gpt-5.4 and later, a batch of actions per call) or `computer_use_preview` (one action per call,
// a declared display). One screenshot answers each call; the run ends on TEST_PASSED/TEST_FAILED.
import type OpenAI from 'openai'
import type { ResponseCreateParamsNonStreaming, ResponseInputItem, Tool } from 'openai/resources/responses/responses'
import { ModelError } from '../../core/errors.ts'
import { lazily } from '../../core/lazily.ts'
import type { Size } from '../../core/frame.ts'
import { fitWithin } from '../../core/geometry.ts'
import type { Decision, Model, Turn, Usage } from '../../core/model.ts'
import { detectContextOverflow, estimateImageTokens, estimateTextTokens, judgeReply } from '../../core/reply-checks.ts'
import { decideWithoutActions, forgiveOnce } from '../reply-decision.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../core/retry-policy.ts'
import { DEFAULT_CANVAS, encodeCanvas } from '../canvas-image.ts'
import { keyRedactor, openaiClient, type Connection } from '../openai-client.ts'
import { costOf, priceFor, type PriceTable } from '../prices.ts'
import { ColdCalls, type ColdCaller, type ColdReply, type ColdRequest } from '../cold-call.ts'
import { FAMILIES } from '../families/index.ts'
import { systemPrompt } from '../prompt.ts'
import { withRetriesOrOverflow } from '../retry.ts'
import { RunStore } from '../run-store.ts'
import { toActions } from './computer-actions.ts'
import { newConversation, nextInput, type Conversation } from './conversation.ts'
import { readResponse, type SafetyCheck } from './read-response.ts'

export type ComputerToolKind = 'computer' | 'computer_use_preview'

export interface ResponsesModelOptions {
  /** The id shown in traces, e.g. 'openai/gpt-5.4' or 'azure/my-deployment'. */
  id: string
  /** The model (OpenAI) or deployment (Azure) name sent to the API. */
  model: string
  connection: Connection
  /** Default: 'computer_use_preview' for computer-use-preview models, else the GA 'computer' tool. */
  tool?: ComputerToolKind
  /** The largest image sent (default 1280×800: a 1920×1080 screen is sent at 1280×720). */
  canvas?: Size
  /** The preview tool's declared environment (default 'browser'). */
  environment?: 'browser' | 'linux' | 'ubuntu' | 'windows' | 'mac'
  /** false: nothing is stored by the provider; the adapter re-sends every item itself (default true). */
  store?: boolean
  /** 'acknowledge' (default): pending safety checks are acknowledged and noted in the trace; 'fail': they fail the run. */
  safetyChecks?: 'acknowledge' | 'fail'
  reasoningEffort?: 'low' | 'medium' | 'high'
  retry?: Partial<RetryPolicy>
  /** Price overrides, and the table entry to price this model by (default: `model`). */
  prices?: PriceTable
  priceModel?: string
  /** The context this model is configured for, in tokens: a bigger request is context_overflow. */
  contextTokens?: number
  /** The model for the cold calls: verification, query, locate (default: `model`). */
  verifyModel?: string
}

export class OpenAIResponsesModel extends ColdCalls implements Model {
  readonly id: string
  readonly tool: ComputerToolKind
  readonly #o: ResponsesModelOptions
  readonly #client: () => Promise<OpenAI>
  readonly #redact: (text: string) => string
  readonly #runs = new RunStore<Conversation>()
  protected readonly cold: ColdCaller

  constructor(options: ResponsesModelOptions) {
    super()
    this.#o = options
    this.id = options.id
    this.tool = options.tool ?? (/computer-use-preview/.test(options.model) ? 'computer_use_preview' : 'computer')
    this.#client = lazily(() => openaiClient(options.connection))
    this.#redact = keyRedactor(options.connection.apiKey)
    // The computer tool answers in pixels of the image sent; so do its cold calls.
    this.cold = { id: this.id, family: FAMILIES.pixels, canvas: options.canvas ?? DEFAULT_CANVAS, call: (r) => this.#coldCall(r) }
  }

  async next(turn: Turn): Promise<Decision> {
    const c = this.#runs.get(turn.runId, newConversation)
    const canvas = fitWithin(turn.screen, this.#o.canvas ?? DEFAULT_CANVAS)
    const image = await encodeCanvas(turn.frame, canvas)
    const sent = canvas.width === turn.frame.width && canvas.height === turn.frame.height ? undefined : { png: image.png, ...canvas }
    const input = nextInput(c, turn, image.dataUrl)
    const overflow = detectContextOverflow(c.contextTokens + estimateImageTokens(canvas) + estimateTextTokens(JSON.stringify(input).replace(image.dataUrl, '')), this.#o.contextTokens, turn.step)
    if (overflow) return this.#end(turn.runId, { status: 'continue', actions: [], failures: [overflow], sent })

    const notes: string[] = []
    const store = this.#o.store ?? true
    const body: ResponseCreateParamsNonStreaming = {
      model: this.#o.model,
      instructions: systemPrompt(),
      input: store ? input : [...c.items, ...input],
      tools: [this.#toolFor(canvas)],
      reasoning: { summary: this.tool === 'computer' ? 'auto' : 'concise', ...(this.#o.reasoningEffort && { effort: this.#o.reasoningEffort }) },
      truncation: 'auto',
      store,
      ...(store && c.previousResponseId && { previous_response_id: c.previousResponseId }),
      ...(!store && { include: ['reasoning.encrypted_content'] }),
    }
    const reply = await this.#call(body, turn.signal, notes, this.id)
    if ('overflow' in reply) {
      return this.#end(turn.runId, { status: 'continue', actions: [], failures: [{ type: 'context_overflow', step: turn.step, message: reply.overflow }], sent, notes })
    }
    const read = readResponse(reply)
    c.started = true
    c.previousResponseId = reply.id
    c.contextTokens = read.usage.inputTokens + read.usage.outputTokens
    if (!store) c.items.push(...input, ...(reply.output as ResponseInputItem[]))
    const usage = this.#usage(read.usage, this.#o.model)
    const base = { text: read.text || undefined, reasoning: read.reasoning, usage, sent, notes }

    const judgement = judgeReply({ actions: read.calls.length, text: read.text }, c.strikes, turn.step)
    if (judgement.kind === 'act') {
      const checks = read.calls.flatMap((call) => call.safetyChecks)
      if (checks.length > 0) this.#onSafetyChecks(checks, notes)
      const mapped = read.calls.map((call) =>
        call.actions === undefined
          ? { actions: [], failures: [{ type: 'malformed_action' as const, step: turn.step, message: `computer_call ${call.callId} carries neither actions nor action` }] }
          : toActions(call.actions, { canvas, screen: turn.screen, step: turn.step }),
      )
      const { failures, told } = forgiveOnce(mapped.flatMap((m) => m.failures), c, notes)
      Object.assign(c, { pending: read.calls, told: told ? `Not performed: ${told}.` : undefined })
      return { status: 'continue', actions: mapped.flatMap((m) => m.actions), failures, ...base }
    }
    c.pending = []
    const { decision, end } = decideWithoutActions(judgement, c, base, read.text)
    return end ? this.#end(turn.runId, decision) : decision
  }

  /** One cold call (verify, query, locate) on the verification model, without provider storage. */
  async #coldCall(r: ColdRequest): Promise<ColdReply> {
    const model = this.#o.verifyModel ?? this.#o.model
    // The preview model has no structured outputs; it is asked for the same JSON in words.
    const structured = !/computer-use-preview/.test(model)
    const body: ResponseCreateParamsNonStreaming = {
      model,
      instructions: r.instructions,
      input: [{ role: 'user', content: [{ type: 'input_text', text: r.text }, { type: 'input_image', image_url: r.image.dataUrl, detail: 'high' }] }],
      store: false,
      ...(structured && { text: { format: { type: 'json_schema', ...r.format } } }),
    }
    const reply = await this.#call(body, r.signal, [], r.label)
    if ('overflow' in reply) throw new ModelError(`${r.label}: ${reply.overflow}`, { context: { model: this.id } })
    const read = readResponse(reply)
    return { text: read.text, usage: this.#usage(read.usage, model) }
  }

  #toolFor(canvas: Size): Tool {
    return this.tool === 'computer'
      ? { type: 'computer' }
      : { type: 'computer_use_preview', display_width: canvas.width, display_height: canvas.height, environment: this.#o.environment ?? 'browser' }
  }

  #call(body: ResponseCreateParamsNonStreaming, signal: AbortSignal | undefined, notes: string[], label: string) {
    const policy = { ...DEFAULT_RETRY_POLICY, ...this.#o.retry }
    return withRetriesOrOverflow(async () => (await this.#client()).responses.create(body, { signal }), { label, signal, notes, redact: this.#redact, policy })
  }

  #usage(tokens: Omit<Usage, 'costUsd'>, model: string): Usage {
    return { ...tokens, costUsd: costOf(tokens, priceFor(this.#o.priceModel ?? model, this.#o.prices)) }
  }

  #onSafetyChecks(checks: SafetyCheck[], notes: string[]): void {
    const described = checks.map((s) => `${s.code ?? 'safety_check'}: ${s.message ?? '(no message)'}`).join('; ')
    if (this.#o.safetyChecks === 'fail') {
      throw new ModelError(`${this.id}: the provider raised a safety check (${described}); not acknowledged because safetyChecks is 'fail'`, { context: { model: this.id } })
    }
    notes.push(`acknowledged safety check ${described}`)
  }

  #end(runId: string, decision: Decision): Decision {
    this.#runs.end(runId)
    return decision
  }
}
