import { describe, expect, it } from 'vitest'
import { LOCATE_FORMAT } from '../locate-reply.ts'
import { queryFormat } from '../query-reply.ts'
import { coldOutputFormat } from './output-format.ts'

describe('coldOutputFormat', () => {
  it('closes every object and moves what Anthropic does not enforce into descriptions', () => {
    const format = coldOutputFormat(queryFormat({ type: 'object', properties: { count: { type: 'integer', minimum: 0 } }, required: ['count'] }))
    expect(format?.type).toBe('json_schema')
    const value = (format?.schema.properties as { value: { anyOf: Record<string, unknown>[] } }).value.anyOf[0]
    expect(value).toMatchObject({ type: 'object', additionalProperties: false, properties: { count: { type: 'integer', description: '{minimum: 0}' } } })
    expect(coldOutputFormat(LOCATE_FORMAT)?.schema).toMatchObject({ required: ['found', 'x', 'y', 'box', 'evidence'], additionalProperties: false })
  })

  it('sends none for a schema outside the subset (a property with no type): the JSON is asked in words', () => {
    expect(coldOutputFormat(queryFormat({ type: 'object', properties: { anything: {} } }))).toBeUndefined()
  })
})
