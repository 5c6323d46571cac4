import { describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { fromScreen } from '../core/geometry.ts'
import { ZERO_USAGE } from '../core/model.ts'
import { coldLocate, coldQuery, coldVerify, type ColdCaller, type ColdRequest } from './cold-call.ts'
import { FAMILIES, FAMILY_NAMES, type Family } from './families/index.ts'

/** An adapter's cold call answered by a function of the request, keeping each request. */
function caller(family: Family, answer: (r: ColdRequest) => string): ColdCaller & { requests: ColdRequest[] } {
  const requests: ColdRequest[] = []
  return { id: 'test/model', family, canvas: { width: 1280, height: 800 }, requests, call: async (r) => (requests.push(r), { text: answer(r), usage: { ...ZERO_USAGE, inputTokens: 7 } }) }
}

const TARGET = { x: 1771, y: 63 }

describe('coldLocate through every coordinate family', () => {
  it.each(FAMILY_NAMES)('%s: asks in its coordinates for the image it sent, and maps the answer to screen pixels', async (name) => {
    const frame = await loadFrame('popup-open')
    const family = FAMILIES[name]
    const c = caller(family, (r) => {
      const p = fromScreen(TARGET, family.convention, r.image, frame)
      return JSON.stringify({ found: true, x: p.x, y: p.y, box: null, evidence: 'the icon' })
    })
    const located = await coldLocate(c, 'the extension icon', frame)
    const sent = c.requests[0]!
    expect(sent.label).toBe('test/model locate')
    expect(sent.text).toBe('Find: the extension icon')
    expect(sent.instructions).toContain(family.describe(sent.image))
    expect(sent.format.name).toBe('locate')
    expect(Math.abs(located.point.x - TARGET.x)).toBeLessThanOrEqual(2)
    expect(Math.abs(located.point.y - TARGET.y)).toBeLessThanOrEqual(2)
    expect(located).toMatchObject({ evidence: 'the icon', usage: { inputTokens: 7 } })
  })
})

describe('coldQuery and coldVerify', () => {
  it('query sends the schema in words and as the format, and returns the parsed value with its evidence', async () => {
    const frame = await loadFrame('popup-open')
    const schema = { type: 'object', properties: { label: { type: 'string' } }, required: ['label'], additionalProperties: false } as const
    const c = caller(FAMILIES.pixels, () => '{"value": {"label": "Open Sidepanel"}, "evidence": "the popup button"}')
    const reply = await coldQuery(c, 'the button label', schema, frame)
    expect(reply).toEqual({ value: { label: 'Open Sidepanel' }, evidence: 'the popup button', text: '{"value": {"label": "Open Sidepanel"}, "evidence": "the popup button"}', usage: expect.objectContaining({ inputTokens: 7 }) })
    const sent = c.requests[0]!
    expect(sent.text).toBe(`Read: the button label\nJSON schema of "value": ${JSON.stringify(schema)}`)
    expect(sent).toMatchObject({ label: 'test/model query', format: { name: 'query', strict: true } })
    expect(`${sent.image.width}×${sent.image.height}`).toBe('1280×720')
  })

  it('verify keeps its question marker and reads the verdict', async () => {
    const c = caller(FAMILIES.gemini, () => 'NO. The popup is closed.')
    expect(await coldVerify(c, 'Is it open?', await loadFrame('browser-started'))).toMatchObject({ answer: 'NO', evidence: 'The popup is closed.' })
    expect(c.requests[0]).toMatchObject({ text: 'Question: Is it open?', label: 'test/model verifier', format: { name: 'verdict', strict: true } })
  })
})
