// A query's answer, shared by every adapter: the caller's JSON schema wrapped with the evidence (what
// structured-output APIs are held to), and one lenient reading of the reply where they are not. The
// value comes back parsed, not validated: the caller validates it against its own schema.
import { ModelError } from '../core/errors.ts'
import { jsonObjects } from '../core/json-in-text.ts'
import type { JsonObjectSchema, QueryReply } from '../core/model.ts'
import { shownReply } from './verdict.ts'

/** A JSON schema as a structured-output request names it; `strict` only when the API can enforce it exactly. */
export interface JsonFormat {
  name: string
  schema: Record<string, unknown>
  strict: boolean
}

/** The reply the model is held to: {"value": <the caller's schema> or null, "evidence": "…"}. */
export function queryFormat(schema: JsonObjectSchema): JsonFormat {
  const { $schema: _dialect, $defs, ...value } = schema as Record<string, unknown>
  return {
    name: 'query',
    schema: {
      type: 'object',
      properties: {
        value: { anyOf: [value, { type: 'null' }] },
        evidence: { type: 'string', description: 'Where on the screenshot the value was read, or what is missing.' },
      },
      required: ['value', 'evidence'],
      additionalProperties: false,
      // References (#/$defs/…) resolve from the root, so the caller's definitions move up with them.
      ...($defs !== undefined && { $defs }),
    },
    strict: isStrict(value),
  }
}

/** The value and evidence in a query's reply (JSON alone, fenced or in prose); no JSON, or a null value, throws. */
export function readQueryReply(text: string | null | undefined, label: string): Omit<QueryReply, 'usage' | 'frame'> {
  const reply = (text ?? '').trim()
  const found = jsonObjects(reply)[0]?.value
  if (!found) throw new ModelError(`${label}: the reply holds no JSON object: ${shownReply(reply)}`, { context: { model: label } })
  // A model that skipped the wrapper answered with the value itself.
  const wrapped = 'value' in found && Object.keys(found).every((k) => k === 'value' || k === 'evidence')
  const evidence = wrapped && typeof found.evidence === 'string' ? found.evidence.trim() : undefined
  const value = wrapped ? found.value : found
  if (value === null || value === undefined) {
    throw new ModelError(`${label}: the model did not read a value off the screenshot${evidence ? `: ${evidence}` : ''} (reply: ${shownReply(reply)})`, { context: { model: label } })
  }
  return { value, text: reply, ...(evidence && { evidence }) }
}

/**
 * Whether OpenAI-style strict mode can hold a reply to this schema: every object closes its
 * properties and requires all of them (what z.toJSONSchema writes for a z.object without optionals).
 */
export function isStrict(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrict)
  if (schema === null || typeof schema !== 'object') return true
  const s = schema as Record<string, unknown>
  if (s.type === 'object' || s.properties !== undefined) {
    const keys = Object.keys((s.properties as object | undefined) ?? {})
    const required = new Set(Array.isArray(s.required) ? s.required : [])
    if (s.additionalProperties !== false || !keys.every((k) => required.has(k))) return false
  }
  return Object.entries(s).every(([key, child]) => key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || isStrict(child))
}
