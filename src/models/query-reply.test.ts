import { describe, expect, it } from 'vitest'
import { isStrict, queryFormat, readQueryReply } from './query-reply.ts'

const COUNT = { type: 'object', properties: { count: { type: 'number' } }, required: ['count'], additionalProperties: false } as const

describe('queryFormat', () => {
  it('wraps the schema with evidence, lets the value be null, and is strict when every object is closed', () => {
    const f = queryFormat({ ...COUNT, $schema: 'https://json-schema.org/draft/2020-12/schema' })
    expect(f).toEqual({
      name: 'query',
      schema: {
        type: 'object',
        properties: { value: { anyOf: [COUNT, { type: 'null' }] }, evidence: expect.objectContaining({ type: 'string' }) },
        required: ['value', 'evidence'],
        additionalProperties: false,
      },
      strict: true,
    })
  })

  it('is not strict when an object has an optional property or stays open', () => {
    expect(queryFormat({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }).strict).toBe(false)
    expect(queryFormat({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }).strict).toBe(false)
    const nested = { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } } }, required: ['items'], additionalProperties: false }
    expect(isStrict(nested)).toBe(false)
  })

  it('moves the definitions to the root, where #/$defs/… references resolve', () => {
    const f = queryFormat({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, required: ['a'], additionalProperties: false, $defs: { A: { type: 'string' } } })
    expect(f.schema.$defs).toEqual({ A: { type: 'string' } })
    expect(JSON.stringify(f.schema.properties)).not.toContain('"$defs":')
  })
})

describe('readQueryReply', () => {
  it.each([
    ['alone', '{"value": {"count": 3}, "evidence": "the popup reads You clicked 3 times"}'],
    ['fenced', '```json\n{"value": {"count": 3}, "evidence": "the popup reads You clicked 3 times"}\n```'],
    ['in prose', 'Here is what I read: {"value": {"count": 3}, "evidence": "the popup reads You clicked 3 times"} Done.'],
  ])('reads the value and evidence of a reply %s', (_shape, text) => {
    expect(readQueryReply(text, 'm query')).toEqual({ value: { count: 3 }, evidence: 'the popup reads You clicked 3 times', text: text.trim() })
  })

  it('takes an unwrapped object as the value itself', () => {
    expect(readQueryReply('{"count": 3}', 'm query')).toEqual({ value: { count: 3 }, text: '{"count": 3}' })
  })

  it('returns a value that does not fit as it came, for the caller to reject', () => {
    expect(readQueryReply('{"value": {"count": "three"}, "evidence": "e"}', 'm query').value).toEqual({ count: 'three' })
  })

  it('throws, quoting the reply, when there is no JSON, the reply is empty, or the model read nothing', () => {
    expect(() => readQueryReply('The count is three.', 'm query')).toThrow(/m query: the reply holds no JSON object: "The count is three."/)
    expect(() => readQueryReply('', 'm query')).toThrow(/\(empty reply\)/)
    expect(() => readQueryReply('{"value": null, "evidence": "no counter on screen"}', 'm query')).toThrow(/did not read a value off the screenshot: no counter on screen/)
  })
})
