// The seed's test-case format (YAML, JSON or TypeScript), validated once at the edge.
import { z } from 'zod'

const text = z.string().trim().min(1, 'must be a non-empty string')
const textList = z
  .union([text, z.array(text).min(1)], { error: 'must be a string or a non-empty list of strings' })
  .transform((v) => (typeof v === 'string' ? [v] : v))

const caseFields = z.strictObject({
  name: text,
  instruction: text.optional(),
  /** The seed's alias of instruction. */
  goal: text.optional(),
  successCriteria: textList.optional(),
  failureCriteria: textList.optional(),
  maxSteps: z.number({ error: 'must be a positive integer' }).int('must be a positive integer').positive('must be a positive integer').optional(),
  verification: z.strictObject({ prompt: text }).optional(),
  url: text.optional(),
  package: text.optional(),
})

export const caseSchema = caseFields.superRefine((c, ctx) => {
  if (!c.instruction && !c.goal) ctx.addIssue({ code: 'custom', path: ['instruction'], message: 'is required (or goal)' })
  if (c.instruction && c.goal) ctx.addIssue({ code: 'custom', path: ['goal'], message: 'cannot be given together with instruction' })
})

export type CaseInput = z.input<typeof caseSchema>
export type TestCase = z.output<typeof caseSchema>

export const CASE_FIELDS: readonly string[] = Object.keys(caseFields.shape)

export function caseInstruction(c: TestCase): string {
  return (c.instruction ?? c.goal)!
}

/** The question the cold verifier asks: the case's own, else one built from its success criteria. */
export function caseVerificationPrompt(c: TestCase): string | undefined {
  if (c.verification) return c.verification.prompt
  if (c.successCriteria) return `Is the following true of the screen: ${c.successCriteria.join('; ')}?`
  return undefined
}

/** Typed helper for case files written in TypeScript. */
export function defineCase(c: CaseInput): CaseInput {
  return c
}
