// The verifier's answer, shared by every adapter: a JSON schema where the API enforces structured
// output, and one reading of the reply (src/core/verdict-reply.ts) where it does not. A reply that
// is no clear verdict throws, quoting what came back, so it can never pass.
import { ModelError } from '../core/errors.ts'
import type { Verdict } from '../core/model.ts'
import { readVerdictReply } from '../core/verdict-reply.ts'

export const VERDICT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    answer: { type: 'string', enum: ['YES', 'NO'] },
    evidence: { type: 'string', description: 'What on the screenshot supports the answer.' },
  },
  required: ['answer', 'evidence'],
  additionalProperties: false,
} as const

/** The reply text as a verdict: JSON (alone, fenced or in prose) or a first word YES/NO; anything else throws. */
export function parseVerdict(text: string | null | undefined, model: string): Omit<Verdict, 'usage'> {
  const reading = readVerdictReply(text)
  if (reading.ok) return { answer: reading.answer, evidence: reading.evidence }
  throw new ModelError(`${model}: the verifier's reply is no verdict (${reading.problem}): ${shownReply(text)}`, { context: { model } })
}

/** A reply quoted in a message: trimmed to 200 characters, or '(empty reply)'. */
export function shownReply(text: string | null | undefined): string {
  const body = (text ?? '').trim()
  const shown = body.length > 200 ? `${body.slice(0, 199)}…` : body
  return shown ? `"${shown}"` : '(empty reply)'
}
