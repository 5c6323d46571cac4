// Gemini through its own API on @google/genai, for gemini/… models: the native computerUse tool
// (browser or mobile environment) for computer-use models, function calling with the same
// predefined names for the others, on the 0–999 grid. The run ends on TEST_PASSED/TEST_FAILED.
import type { GenerateContentConfig, GenerateContentParameters, GenerateContentResponse, Tool } from '@google/genai'
import type { GoogleGenAI } from '@google/genai'
import { ModelError } from '../../core/errors.ts'
import { lazily } from '../../core/lazily.ts'
import type { Failure } from '../../core/failures.ts'
import type { Size } from '../../core/frame.ts'
import { fitWithin } from '../../core/geometry.ts'
import type { Decision, Model, Turn, Usage } from '../../core/model.ts'
import { detectContextOverflow, estimateImageTokens, estimateTextTokens, judgeReply, malformedAction } from '../../core/reply-checks.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../core/retry-policy.ts'
import { DEFAULT_CANVAS, encodeCanvas } from '../canvas-image.ts'
import { ColdCalls, type ColdCaller, type ColdReply, type ColdRequest } from '../cold-call.ts'
import { describeGrid } from '../families/family.ts'
import { FAMILIES } from '../families/index.ts'
import { keyRedactor, type Connection } from '../openai-client.ts'
import { costOf, priceFor, type PriceTable } from '../prices.ts'
import { systemPrompt } from '../prompt.ts'
import { googleSdk } from '../provider-sdks.ts'
import { decideWithoutActions, forgiveOnce } from '../reply-decision.ts'
import { withRetriesOrOverflow } from '../retry.ts'
import { RunStore } from '../run-store.ts'
import { newConversation, nextContent, pruneScreenshots, type Conversation } from './conversation.ts'
import { toActions } from './function-actions.ts'
import { geminiClient } from './gemini-client.ts'
import { excludedFunctions, functionDeclarations, type GeminiEnvironment } from './predefined-functions.ts'
import { readCandidate, type GeminiCall } from './read-candidate.ts'

export type GeminiTool = 'computerUse' | 'functions'

export interface GeminiModelOptions {
  /** The id shown in traces, e.g. 'gemini/gemini-2.5-computer-use-preview-10-2025'. */
  id: string
  /** The model name sent to the API. */
  model: string
  /** apiKey, baseURL (the SDK's httpOptions.baseUrl) and timeoutMs; auth, organization and project do not apply. */
  connection: Connection
  /** The largest image sent (default 1280×800). */
  canvas?: Size
  /** 'browser' (default) or 'mobile' (the Android target): the computerUse tool's environment. */
  environment?: GeminiEnvironment
  /** Default: the native tool for model names containing `computer-use`, else function calling. */
  tool?: GeminiTool
  /** 'acknowledge' (default): a safety decision asking for confirmation is confirmed and noted; 'fail': it fails the run. */
  safetyChecks?: 'acknowledge' | 'fail'
  retry?: Partial<RetryPolicy>
  /** Price overrides, and the table entry to price this model by (default: `model`). */
  prices?: PriceTable
  priceModel?: string
  /** The context this model is configured for, in tokens: a bigger request is context_overflow. */
  contextTokens?: number
  /** The model for the cold calls: verification, query, locate (default: `model`). */
  verifyModel?: string
}

export class GeminiModel extends ColdCalls implements Model {
  readonly id: string
  readonly tool: GeminiTool
  readonly environment: GeminiEnvironment
  readonly #o: GeminiModelOptions
  readonly #client: () => Promise<GoogleGenAI>
  readonly #redact: (text: string) => string
  readonly #runs = new RunStore<Conversation>()
  protected readonly cold: ColdCaller

  constructor(options: GeminiModelOptions) {
    super()
    this.#o = options
    this.id = options.id
    this.tool = options.tool ?? (/computer-use/.test(options.model) ? 'computerUse' : 'functions')
    this.environment = options.environment ?? 'browser'
    this.#client = lazily(() => geminiClient(options.connection))
    this.#redact = keyRedactor(options.connection.apiKey)
    // Gemini points on its 0–999 grid whatever the image's size, in the cold calls as in the agent's.
    this.cold = { id: this.id, family: FAMILIES.gemini, canvas: options.canvas ?? DEFAULT_CANVAS, call: (r) => this.#coldCall(r) }
  }

  async next(turn: Turn): Promise<Decision> {
    const c = this.#runs.get(turn.runId, newConversation)
    const canvas = fitWithin(turn.screen, this.#o.canvas ?? DEFAULT_CANVAS)
    const image = await encodeCanvas(turn.frame, canvas)
    const sent = canvas.width === turn.frame.width && canvas.height === turn.frame.height ? undefined : { png: image.png, ...canvas }
    const content = nextContent(c, turn, Buffer.from(image.png).toString('base64'))
    const overflow = detectContextOverflow(c.contextTokens + estimateImageTokens(canvas) + estimateTextTokens(JSON.stringify(content.parts?.filter((p) => p.text))), this.#o.contextTokens, turn.step)
    if (overflow) return this.#end(turn.runId, { status: 'continue', actions: [], failures: [overflow], sent })

    const notes: string[] = []
    const contents = [...c.contents, content]
    pruneScreenshots(contents)
    const reply = await this.#call({ model: this.#o.model, contents, config: { ...(await this.#agentConfig()), abortSignal: turn.signal } }, turn.signal, notes, this.id)
    if ('overflow' in reply) {
      return this.#end(turn.runId, { status: 'continue', actions: [], failures: [{ type: 'context_overflow', step: turn.step, message: reply.overflow }], sent, notes })
    }
    const read = readCandidate(reply)
    c.contents = [...contents, read.content]
    c.contextTokens = read.usage.inputTokens + read.usage.outputTokens
    if (read.unfinished) notes.push(`finishReason ${read.unfinished}`)
    const base = { text: read.text || undefined, reasoning: read.reasoning, usage: this.#usage(read.usage, this.#o.model), sent, notes }

    if (read.calls.length === 0 && read.unfinished === 'MALFORMED_FUNCTION_CALL') {
      // The API dropped a call it could not parse: a malformed action, forgiven once like any other.
      const { failures, told } = forgiveOnce([malformedAction(`the API reports ${read.unfinished}`, turn.step)], c, notes)
      Object.assign(c, { pending: [], told: told ? `Your last function call could not be parsed (${read.unfinished}). Call one of the functions with valid arguments.` : undefined })
      return { status: 'continue', actions: [], failures, ...base }
    }
    const judgement = judgeReply({ actions: read.calls.length, text: read.text }, c.strikes, turn.step)
    if (judgement.kind === 'act') {
      this.#onSafetyDecisions(read.calls, notes)
      const mapped = read.calls.map((call) => ({ call, result: toActions(call.call, { screen: turn.screen, environment: this.environment, step: turn.step }) }))
      const found: Failure[] = mapped.flatMap((m) => ('failure' in m.result ? [m.result.failure] : []))
      const { failures, told } = forgiveOnce(found, c, notes)
      c.pending = mapped.map(({ call, result }) => ({
        name: call.call.name ?? '',
        ...(call.call.id && { id: call.call.id }),
        acknowledged: call.confirm !== undefined,
        ...('failure' in result && { error: `not performed: ${result.failure.message}` }),
      }))
      c.told = told ? `Not performed: ${told}.` : undefined
      return { status: 'continue', actions: mapped.flatMap((m) => ('actions' in m.result ? m.result.actions : [])), failures, ...base }
    }
    c.pending = []
    const { decision, end } = decideWithoutActions(judgement, c, base, read.text)
    return end ? this.#end(turn.runId, decision) : decision
  }

  /** One cold call (verify, query, locate) outside any run, on the verification model, held to its format by responseJsonSchema. */
  async #coldCall(r: ColdRequest): Promise<ColdReply> {
    const model = this.#o.verifyModel ?? this.#o.model
    const params: GenerateContentParameters = {
      model,
      contents: [{ role: 'user', parts: [{ text: r.text }, { inlineData: { mimeType: 'image/png', data: Buffer.from(r.image.png).toString('base64') } }] }],
      config: { systemInstruction: r.instructions, responseMimeType: 'application/json', responseJsonSchema: r.format.schema, abortSignal: r.signal },
    }
    const reply = await this.#call(params, r.signal, [], r.label)
    if ('overflow' in reply) throw new ModelError(`${r.label}: ${reply.overflow}`, { context: { model: this.id } })
    const read = readCandidate(reply)
    return { text: read.text, usage: this.#usage(read.usage, model) }
  }

  async #agentConfig(): Promise<GenerateContentConfig> {
    if (this.tool === 'functions') {
      return { systemInstruction: systemPrompt(describeGrid()), tools: [{ functionDeclarations: functionDeclarations(this.environment) }] }
    }
    const { Environment } = await googleSdk()
    const tool: Tool = {
      computerUse: {
        environment: this.environment === 'mobile' ? Environment.ENVIRONMENT_MOBILE : Environment.ENVIRONMENT_BROWSER,
        excludedPredefinedFunctions: excludedFunctions(this.environment),
      },
    }
    return { systemInstruction: systemPrompt(), tools: [tool], thinkingConfig: { includeThoughts: true } }
  }

  #call(params: GenerateContentParameters, signal: AbortSignal | undefined, notes: string[], label: string): Promise<GenerateContentResponse | { overflow: string }> {
    const policy = { ...DEFAULT_RETRY_POLICY, ...this.#o.retry }
    return withRetriesOrOverflow(async () => (await this.#client()).models.generateContent(params), { label, signal, notes, redact: this.#redact, policy })
  }

  #usage(tokens: Omit<Usage, 'costUsd'>, model: string): Usage {
    return { ...tokens, costUsd: costOf(tokens, priceFor(this.#o.priceModel ?? model, this.#o.prices)) }
  }

  /** Google asks the user to confirm such a call; a test has no user, so safetyChecks decides. */
  #onSafetyDecisions(calls: GeminiCall[], notes: string[]): void {
    const asked = calls.filter((c) => c.confirm)
    if (asked.length === 0) return
    const described = asked.map((c) => `${c.call.name}: ${c.confirm?.explanation ?? '(no explanation)'}`).join('; ')
    if (this.#o.safetyChecks === 'fail') {
      throw new ModelError(`${this.id}: the provider's safety decision asks to confirm ${described}; not confirmed because safetyChecks is 'fail'`, { context: { model: this.id } })
    }
    notes.push(`confirmed safety decision ${described}`)
  }

  #end(runId: string, decision: Decision): Decision {
    this.#runs.end(runId)
    return decision
  }
}
