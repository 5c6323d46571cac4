// Cassettes (DESIGN §6): a test's model calls, recorded once and replayed while the live screen
// still looks the way it did when the model decided. Schema, stable serialisation, and the secret
// placeholders that keep typed secrets out of the file.
import { z } from 'zod'
import { actionSchema, type Action } from './action.ts'
import { usageSchema } from './trace.ts'

export const CASSETTE_VERSION = 2

const sizeSchema = z.object({ width: z.number(), height: z.number() })
const pointSchema = z.object({ x: z.number(), y: z.number() })
const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })

export const cassetteStepSchema = z.object({
  /** Perceptual hash of the frame the decision was made on (frame.ts gridHash). */
  phash: z.string(),
  /** Screen pixels; typed secrets as {{name}} placeholders. */
  actions: z.array(actionSchema),
  status: z.enum(['continue', 'passed', 'failed']),
  text: z.string().optional(),
  usage: usageSchema,
  /** How long the model took to decide, from the frame's capture to its answer (ms): replay holds the decision as long, up to a bound. */
  thinkMs: z.number().nonnegative().optional(),
  /**
   * Perceptual hash of the screen when the model's answer came, kept when it no longer looked like
   * `phash`: the model saw a screen still changing (a popup fading in), its actions met this one.
   */
  answeredOn: z.string().optional(),
})
export type CassetteStep = z.infer<typeof cassetteStepSchema>

export const cassetteCallSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('agent'), model: z.string(), instruction: z.string(), screen: sizeSchema, steps: z.array(cassetteStepSchema) }),
  z.object({
    kind: z.literal('verify'),
    model: z.string(),
    question: z.string(),
    phash: z.string(),
    answer: z.enum(['YES', 'NO']),
    evidence: z.string(),
    /** The words the screen showed (screenText): a replay needs them again, which the grid alone cannot tell ('Count: 0' from 'Count: 1'). */
    screenText: z.string().optional(),
    usage: usageSchema,
  }),
  z.object({
    kind: z.literal('query'),
    model: z.string(),
    question: z.string(),
    /** The JSON schema asked with: a changed schema is a new question. */
    schema: z.record(z.string(), z.unknown()),
    phash: z.string(),
    /** The parsed reply before validation, and its text; typed secrets as {{name}}. */
    value: z.unknown(),
    text: z.string(),
    evidence: z.string().optional(),
    /** As a verdict's: the words the screen showed when it was read. */
    screenText: z.string().optional(),
    usage: usageSchema,
  }),
  z.object({
    kind: z.literal('locate'),
    model: z.string(),
    description: z.string(),
    phash: z.string(),
    /** Screen pixels of the screen it was recorded on. */
    screen: sizeSchema,
    point: pointSchema,
    box: boxSchema.optional(),
    evidence: z.string().optional(),
    usage: usageSchema,
  }),
])
export type CassetteCall = z.infer<typeof cassetteCallSchema>

/** One model's recording of one test: its calls, in order. */
export type Recording = CassetteCall[]

export const cassetteSchema = z.object({
  version: z.literal(CASSETTE_VERSION),
  /** Test full name → model id → that model's calls, in order: a recording belongs to the model that made it. */
  tests: z.record(z.string(), z.record(z.string(), z.array(cassetteCallSchema))),
})
export type Cassette = z.infer<typeof cassetteSchema>

/** Version 1 kept one recording per test, whatever model made it. */
const cassetteV1Schema = z.object({ version: z.literal(1), tests: z.record(z.string(), z.array(cassetteCallSchema)) })

/**
 * A cassette of either version as version 2: a version 1 recording becomes the recording of the
 * model id its first call names, so cassettes recorded before recordings were kept per model still replay.
 */
export function parseCassette(json: unknown): { cassette: Cassette } | { error: string } {
  const v1 = cassetteV1Schema.safeParse(json)
  if (v1.success) {
    const tests = Object.fromEntries(Object.entries(v1.data.tests).filter(([, calls]) => calls[0]).map(([name, calls]) => [name, { [calls[0]!.model]: calls }]))
    return { cassette: { version: CASSETTE_VERSION, tests } }
  }
  const v2 = cassetteSchema.safeParse(json)
  return v2.success ? { cassette: v2.data } : { error: v2.error.issues[0]?.message ?? 'unreadable' }
}

export type CassetteMode = 'auto' | 'replay' | 'record' | 'off'
export const CASSETTE_MODES: readonly CassetteMode[] = ['auto', 'replay', 'record', 'off']

/** JSON with tests and models sorted by name and two-space indent, so a re-record gives a readable diff. */
export function serializeCassette(cassette: Cassette): string {
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]!]))
  const tests = Object.fromEntries(Object.entries(sorted(cassette.tests)).map(([name, byModel]) => [name, sorted(byModel)]))
  return `${JSON.stringify({ version: cassette.version, tests }, null, 2)}\n`
}

const PLACEHOLDER = /\{\{([A-Za-z0-9_.-]+)\}\}/g

/** Replaces every secret value in typed text by {{name}}, marking the action secret. */
export function hideSecrets(action: Action, secrets: Readonly<Record<string, string>>): Action {
  if (action.type !== 'type') return action
  const text = hideInText(action.text, secrets)
  return text !== action.text ? { ...action, text, secret: true } : action
}

/** Every secret value in `text` as {{name}}: for what a model read off the screen (a query's reply). */
export function hideInText(text: string, secrets: Readonly<Record<string, string>>): string {
  let out = text
  for (const [name, value] of Object.entries(secrets)) if (value) out = out.split(value).join(`{{${name}}}`)
  return out
}

/** hideInText over every string of a JSON value (keys too). */
export function hideInValue(value: unknown, secrets: Readonly<Record<string, string>>): unknown {
  return mapStrings(value, (s) => hideInText(s, secrets))
}

/** The inverse of hideInValue at replay; a placeholder the test supplies no secret for stays as it is. */
export function revealInValue(value: unknown, secrets: Readonly<Record<string, string>>): unknown {
  return mapStrings(value, (s) => s.replace(PLACEHOLDER, (whole, name: string) => secrets[name] ?? whole))
}

function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value)
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f))
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [f(k), mapStrings(v, f)]))
  return value
}

/** The inverse at replay: {{name}} back to the value the test supplies; a missing one is an error. */
export function revealSecrets(action: Action, secrets: Readonly<Record<string, string>>): Action {
  if (action.type !== 'type' || !action.secret) return action
  const text = action.text.replace(PLACEHOLDER, (_, name: string) => {
    const value = secrets[name]
    if (value === undefined) throw new RangeError(`the cassette types the secret {{${name}}}, but the test supplies no secret named "${name}"`)
    return value
  })
  return { ...action, text }
}

/**
 * The words one screen shows and the other does not (each a screenText: the words read on it, joined
 * by spaces), in any order: OCR's reading order moves with a line's segmentation, a changed word
 * does not. Undefined when both show the same words.
 */
export function textDifference(recorded: string, live: string): { gone: string[]; new: string[] } | undefined {
  const count = (text: string) => {
    const counts = new Map<string, number>()
    for (const word of text.split(' ').filter(Boolean)) counts.set(word, (counts.get(word) ?? 0) + 1)
    return counts
  }
  const [was, now] = [count(recorded), count(live)]
  const missing = (from: Map<string, number>, other: Map<string, number>) => [...from].flatMap(([word, n]) => Array<string>(Math.max(0, n - (other.get(word) ?? 0))).fill(word))
  const difference = { gone: missing(was, now), new: missing(now, was) }
  return difference.gone.length + difference.new.length === 0 ? undefined : difference
}
