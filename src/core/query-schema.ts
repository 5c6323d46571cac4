// What agent.query asks for, in both shapes it travels in: a JSON schema for the model (providers'
// structured output wants an object at the root) and a zod schema that checks the reply, whichever
// of the two the test wrote. A schema that is not an object is asked for as { value: … }.
import { z } from 'zod'
import { ConfigError, ModelError } from './errors.ts'
import type { JsonObjectSchema } from './model.ts'

/** One schema in the two forms a query needs: what the model is asked for, and what checks its reply. */
export interface QuerySchema {
  /** Sent to the model; always an object at the root. */
  json: JsonObjectSchema
  /** Checks the reply's value (the unwrapped one when `wrapped`). */
  zod: z.ZodType
  /** True when the test's schema was not an object and the model answers { value: … }. */
  wrapped: boolean
}

/** A zod schema (zod 4) or a JSON schema, as a test may write either. */
export type QuerySchemaInput = z.ZodType | Readonly<Record<string, unknown>>

function isZod(schema: QuerySchemaInput): schema is z.ZodType {
  return typeof (schema as { safeParse?: unknown }).safeParse === 'function' && '_zod' in schema
}

/** Either form in, both out; a schema zod cannot convert is a ConfigError naming why. */
export function querySchema(schema: QuerySchemaInput): QuerySchema {
  let json: Record<string, unknown>
  let zod: z.ZodType
  try {
    if (isZod(schema)) {
      const { $schema: _, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>
      json = rest
      zod = schema
    } else {
      const { $schema: _, ...rest } = schema
      json = rest
      zod = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0])
    }
  } catch (error) {
    throw new ConfigError(`agent.query: the schema cannot be used: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  if (json.type === 'object') return { json: json as JsonObjectSchema, zod, wrapped: false }
  const wrappedJson: JsonObjectSchema = { type: 'object', properties: { value: json }, required: ['value'], additionalProperties: false }
  return { json: wrappedJson, zod, wrapped: true }
}

/** The reply's value checked against the schema; one that does not fit throws with what came back. */
export function readQueryValue(schema: QuerySchema, value: unknown, replyText: string, question: string): unknown {
  const inner = schema.wrapped ? unwrap(value) : value
  const checked = schema.zod.safeParse(inner)
  if (checked.success) return checked.data
  throw new ModelError(
    `agent.query(${JSON.stringify(question)}): the reply does not fit the schema: ${z.prettifyError(checked.error).replace(/\n\s*/g, ' ')}; the model replied: ${clip(replyText)}`,
    { context: { reply: clip(replyText) } },
  )
}

function unwrap(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'value' in value ? (value as { value: unknown }).value : value
}

function clip(text: string, max = 600): string {
  const one = text.trim()
  return one.length > max ? `${one.slice(0, max - 1)}…` : one || '(an empty reply)'
}
