// The output_config.format of a cold call: Anthropic's structured outputs take a subset of JSON
// schema (every object closed, some keywords only as description), which the SDK's own transform
// writes. A schema it cannot express (a property with no type, as z.unknown() gives) goes without
// one: the instructions ask for the same JSON in words, read leniently and validated by the caller.
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema'
import type { JSONOutputFormat } from '@anthropic-ai/sdk/resources/messages/messages'
import type { JsonFormat } from '../query-reply.ts'

/** The structured-output format for this reply's schema, or undefined when Anthropic's subset cannot hold it. */
export function coldOutputFormat(format: JsonFormat): JSONOutputFormat | undefined {
  try {
    return { type: 'json_schema', schema: transformJSONSchema(format.schema) }
  } catch {
    return undefined
  }
}
