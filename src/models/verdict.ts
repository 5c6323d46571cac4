// The verifier's structured answer, shared by every adapter: a JSON schema where the API takes
// one, and a strict parser — anything but {answer: YES|NO, evidence} throws, so it cannot pass.
import { z } from 'zod'
import { ModelError } from '../core/errors.ts'
import type { Verdict } from '../core/model.ts'

export const VERDICT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    answer: { type: 'string', enum: ['YES', 'NO'] },
    evidence: { type: 'string', description: 'What on the screenshot supports the answer.' },
  },
  required: ['answer', 'evidence'],
  additionalProperties: false,
} as const

const verdictSchema = z.strictObject({ answer: z.enum(['YES', 'NO']), evidence: z.string() })

/** The reply text as a verdict; a ```json fence is allowed, nothing else around the object. */
export function parseVerdict(text: string | null | undefined, model: string): Omit<Verdict, 'usage'> {
  const body = (text ?? '').trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1')
  const shown = body.length > 200 ? `${body.slice(0, 199)}…` : body
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new ModelError(`${model}: the verifier did not answer with a JSON verdict: ${shown ? `"${shown}"` : '(empty reply)'}`, { context: { model } })
  }
  const parsed = verdictSchema.safeParse(json)
  if (!parsed.success) {
    throw new ModelError(`${model}: the verifier's verdict is not {answer: "YES"|"NO", evidence}: ${shown}`, { context: { model } })
  }
  return parsed.data
}
