// Cassettes (DESIGN §6): a test's model calls, recorded once and replayed while the live screen
// still looks the way it did when the model decided. Schema, stable serialisation, and the secret
// placeholders that keep typed secrets out of the file.
import { z } from 'zod'
import { actionSchema, type Action } from './action.ts'
import { usageSchema } from './trace.ts'

export const CASSETTE_VERSION = 1

const sizeSchema = z.object({ width: z.number(), height: z.number() })

export const cassetteStepSchema = z.object({
  /** Perceptual hash of the frame the decision was made on (frame.ts gridHash). */
  phash: z.string(),
  /** Screen pixels; typed secrets as {{name}} placeholders. */
  actions: z.array(actionSchema),
  status: z.enum(['continue', 'passed', 'failed']),
  text: z.string().optional(),
  usage: usageSchema,
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
    usage: usageSchema,
  }),
])
export type CassetteCall = z.infer<typeof cassetteCallSchema>

export const cassetteSchema = z.object({
  version: z.literal(CASSETTE_VERSION),
  /** Test full name → its calls, in order. */
  tests: z.record(z.string(), z.array(cassetteCallSchema)),
})
export type Cassette = z.infer<typeof cassetteSchema>

export type CassetteMode = 'auto' | 'replay' | 'record' | 'off'
export const CASSETTE_MODES: readonly CassetteMode[] = ['auto', 'replay', 'record', 'off']

/** JSON with tests sorted by name and two-space indent, so a re-record gives a readable diff. */
export function serializeCassette(cassette: Cassette): string {
  const tests = Object.fromEntries(Object.keys(cassette.tests).sort().map((name) => [name, cassette.tests[name]]))
  return `${JSON.stringify({ version: cassette.version, tests }, null, 2)}\n`
}

const PLACEHOLDER = /\{\{([A-Za-z0-9_.-]+)\}\}/g

/** Replaces every secret value in typed text by {{name}}, marking the action secret. */
export function hideSecrets(action: Action, secrets: Readonly<Record<string, string>>): Action {
  if (action.type !== 'type') return action
  let text = action.text
  let hidden = false
  for (const [name, value] of Object.entries(secrets)) {
    if (value && text.includes(value)) {
      text = text.split(value).join(`{{${name}}}`)
      hidden = true
    }
  }
  return hidden ? { ...action, text, secret: true } : action
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
