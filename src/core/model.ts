// The seam every provider implements. Decisions come back in SCREEN pixels: adapters own
// their canvas mapping (geometry.ts), the loop never sees a model's coordinates.
import type { Action, Point } from './action.ts'
import type { Failure } from './failures.ts'
import type { Frame, Size } from './frame.ts'
import type { Box } from './geometry.ts'

export interface Usage {
  inputTokens: number
  cachedTokens: number
  outputTokens: number
  costUsd: number
}

export const ZERO_USAGE: Usage = Object.freeze({ inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0 })

export function addUsage(a: Usage, b: Partial<Usage> | undefined): Usage {
  return {
    inputTokens: a.inputTokens + (b?.inputTokens ?? 0),
    cachedTokens: a.cachedTokens + (b?.cachedTokens ?? 0),
    outputTokens: a.outputTokens + (b?.outputTokens ?? 0),
    costUsd: a.costUsd + (b?.costUsd ?? 0),
  }
}

/** What happened to the previous decision, so the model can adapt. */
export interface StepOutcome {
  step: number
  actions: Action[]
  text?: string
  failures: Failure[]
}

export interface Turn {
  /** Identifies one agent.do run; a new id starts a new conversation. */
  runId: string
  instruction: string
  /** What success and failure look like, when the test states it (the seed's case fields). */
  criteria?: { success?: string[]; failure?: string[] }
  /** 1-based. */
  step: number
  maxSteps: number
  frame: Frame
  screen: Size
  history: readonly StepOutcome[]
  signal?: AbortSignal
}

export type DecisionStatus = 'continue' | 'passed' | 'failed'

export interface Decision {
  status: DecisionStatus
  /** In screen pixels, performed in order. */
  actions: Action[]
  /** The model's message: its reason when it passes or fails. */
  text?: string
  reasoning?: string
  usage?: Partial<Usage>
  /** Problems the adapter found in the reply (malformed_action, unknown_action, …). */
  failures?: Failure[]
  /** The exact image sent, when the adapter encoded one different from the frame. */
  sent?: { png: Uint8Array; width: number; height: number }
  /** Provider events worth keeping in the trace: retries, nudges, acknowledged safety checks. */
  notes?: string[]
  /** The frame decided on, when the model took a newer one than the turn's (a replay that waited for the screen). */
  frame?: Frame
}

export interface Verdict {
  answer: 'YES' | 'NO'
  evidence: string
  usage?: Partial<Usage>
  /** The frame judged, when the model took a newer one than the one given (a replay that waited for the screen). */
  frame?: Frame
}

/** A JSON schema whose root is an object (what structured-output APIs accept), e.g. from z.toJSONSchema. */
export type JsonObjectSchema = { readonly type: 'object' } & { readonly [key: string]: unknown }

export interface QueryReply {
  /** The parsed JSON, not yet validated against the schema (the caller does that). */
  value: unknown
  /** The reply as it came back, shown when it does not parse or does not fit. */
  text: string
  /** What the model says it read, when it says. */
  evidence?: string
  usage?: Partial<Usage>
  /** The frame read, when the model took a newer one than the one given (a replay that waited for the screen). */
  frame?: Frame
}

export interface LocateReply {
  /** SCREEN pixels: adapters map from their canvas (geometry.ts) as they do for actions. */
  point: Point
  /** SCREEN pixels, when the model gave an extent. */
  box?: Box
  evidence?: string
  usage?: Partial<Usage>
  /** The frame searched, when the model took a newer one than the one given. */
  frame?: Frame
}

export interface Model {
  /** e.g. 'openai/gpt-5.4', 'offline'. */
  readonly id: string
  next(turn: Turn): Promise<Decision>
  /** A cold yes/no judgement on one fresh frame. Throws when it cannot give a clear verdict. */
  verify(question: string, frame: Frame, options?: { signal?: AbortSignal }): Promise<Verdict>
  /** A cold read of structured data off one fresh frame, no loop context. Throws when the reply is not JSON. */
  query(question: string, schema: JsonObjectSchema, frame: Frame, options?: { signal?: AbortSignal }): Promise<QueryReply>
  /** Finds the element a description names on one frame. Throws when it is not there. */
  locate(description: string, frame: Frame, options?: { signal?: AbortSignal }): Promise<LocateReply>
}
