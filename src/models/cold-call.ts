// The three cold calls (verify, query, locate) over one per-adapter primitive: instructions, a
// text, one frame and a JSON schema in, the reply's text and usage out. Each adapter implements
// `call` for its wire format; the prompts, the image, the parsing and the coordinate mapping are here.
import type { Frame, Size } from '../core/frame.ts'
import { canvasFor } from '../core/geometry.ts'
import type { JsonObjectSchema, LocateReply, QueryReply, Usage, Verdict } from '../core/model.ts'
import { encodeCanvas, type CanvasImage } from './canvas-image.ts'
import type { Family } from './families/family.ts'
import { LOCATE_FORMAT, readLocateReply } from './locate-reply.ts'
import { locateInstructions, locateMessage, queryMessage, QUERY_INSTRUCTIONS, VERIFY_INSTRUCTIONS, verifyMessage } from './prompt.ts'
import { queryFormat, readQueryReply, type JsonFormat } from './query-reply.ts'
import { parseVerdict, VERDICT_JSON_SCHEMA } from './verdict.ts'

export interface ColdRequest {
  instructions: string
  text: string
  image: CanvasImage
  /** The schema the reply must fit: sent as structured output where the API has it, else asked for in the instructions' words. */
  format: JsonFormat
  /** e.g. 'openai/gpt-5.4 verifier', for messages and retry notes. */
  label: string
  signal?: AbortSignal
}

export interface ColdReply {
  text: string
  usage: Usage
}

/** What an adapter gives the cold calls: its id, its coordinate family, its canvas limit and its one call. */
export interface ColdCaller {
  readonly id: string
  readonly family: Family
  readonly canvas: Size
  call(request: ColdRequest): Promise<ColdReply>
}

const VERDICT_FORMAT: JsonFormat = { name: 'verdict', schema: { ...VERDICT_JSON_SCHEMA }, strict: true }

/** A cold yes/no judgement; a reply that is no clear verdict throws (verdict.ts). */
export async function coldVerify(c: ColdCaller, question: string, frame: Frame, signal?: AbortSignal): Promise<Verdict> {
  const label = `${c.id} verifier`
  const { image } = await imageFor(c, frame)
  const reply = await c.call({ instructions: VERIFY_INSTRUCTIONS, text: verifyMessage(question), image, format: VERDICT_FORMAT, label, signal })
  return { ...parseVerdict(reply.text, label), usage: reply.usage }
}

/** A cold read of data off the frame: the parsed value and evidence, left for the caller to validate. */
export async function coldQuery(c: ColdCaller, question: string, schema: JsonObjectSchema, frame: Frame, signal?: AbortSignal): Promise<QueryReply> {
  const label = `${c.id} query`
  const format = queryFormat(schema)
  const { image } = await imageFor(c, frame)
  const reply = await c.call({ instructions: QUERY_INSTRUCTIONS, text: queryMessage(question, schema), image, format, label, signal })
  return { ...readQueryReply(reply.text, label), usage: reply.usage }
}

/** The described element's point in screen pixels, asked for in the family's coordinates and mapped back. */
export async function coldLocate(c: ColdCaller, description: string, frame: Frame, signal?: AbortSignal): Promise<LocateReply> {
  const label = `${c.id} locate`
  const { image, canvas } = await imageFor(c, frame)
  const reply = await c.call({ instructions: locateInstructions(c.family.describe(canvas)), text: locateMessage(description), image, format: LOCATE_FORMAT, label, signal })
  return { ...readLocateReply(reply.text, description, { convention: c.family.convention, canvas, screen: frame }, label), usage: reply.usage }
}

async function imageFor(c: ColdCaller, frame: Frame): Promise<{ image: CanvasImage; canvas: Size }> {
  const canvas = canvasFor(c.family.convention, frame, c.canvas)
  return { image: await encodeCanvas(frame, canvas), canvas }
}

/** A provider adapter's verify, query and locate: each a cold call through the adapter's one `cold` caller. */
export abstract class ColdCalls {
  protected abstract readonly cold: ColdCaller

  verify(question: string, frame: Frame, options: { signal?: AbortSignal } = {}): Promise<Verdict> {
    return coldVerify(this.cold, question, frame, options.signal)
  }

  query(question: string, schema: JsonObjectSchema, frame: Frame, options: { signal?: AbortSignal } = {}): Promise<QueryReply> {
    return coldQuery(this.cold, question, schema, frame, options.signal)
  }

  locate(description: string, frame: Frame, options: { signal?: AbortSignal } = {}): Promise<LocateReply> {
    return coldLocate(this.cold, description, frame, options.signal)
  }
}
