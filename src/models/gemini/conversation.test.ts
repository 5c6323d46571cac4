import type { Content } from '@google/genai'
import { describe, expect, it } from 'vitest'
import type { Turn } from '../../core/model.ts'
import { newConversation, nextContent, pruneScreenshots } from './conversation.ts'

const turn = { instruction: 'Open the side panel', maxSteps: 5, history: [] } as unknown as Turn

describe('Gemini conversation', () => {
  it('starts with the task and the screenshot', () => {
    const content = nextContent(newConversation(), turn, 'PNG0')
    expect(content.role).toBe('user')
    expect(content.parts?.[0]?.text).toMatch(/^Instruction: Open the side panel/)
    expect(content.parts?.[1]).toEqual({ inlineData: { mimeType: 'image/png', data: 'PNG0' } })
  })

  it('answers every call with a function response; the new screenshot rides on the last; safety and errors are said', () => {
    const c = { ...newConversation(), contents: [{ role: 'user' }] as Content[] }
    c.pending = [{ name: 'click_at', acknowledged: true }, { name: 'teleport_to', id: 'call-2', acknowledged: false, error: 'not performed: unknown' }]
    c.told = 'Not performed: x.'
    const parts = nextContent(c, turn, 'PNG1').parts!
    expect(parts[0]).toEqual({ functionResponse: { name: 'click_at', response: { output: 'done', safety_acknowledgement: 'true' } } })
    expect(parts[1]).toEqual({ functionResponse: { name: 'teleport_to', id: 'call-2', response: { error: 'not performed: unknown' }, parts: [{ inlineData: { mimeType: 'image/png', data: 'PNG1' } }] } })
    expect(parts[2]).toEqual({ text: 'Not performed: x.' })
  })

  it('a nudge is text with the screenshot', () => {
    const c = { ...newConversation(), contents: [{ role: 'user' }] as Content[], nudge: 'empty' as const }
    expect(nextContent(c, turn, 'PNG2').parts).toEqual([{ text: expect.stringMatching(/empty/) }, { inlineData: { mimeType: 'image/png', data: 'PNG2' } }])
  })

  it('keeps only the last screenshots, and every function response', () => {
    const shot = (n: number) => ({ inlineData: { mimeType: 'image/png', data: `P${n}` } })
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'task' }, shot(0)] },
      { role: 'model', parts: [{ functionCall: { name: 'click_at' } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'click_at', response: {}, parts: [shot(1)] } }] },
      { role: 'model', parts: [{ functionCall: { name: 'click_at' } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'click_at', response: {}, parts: [shot(2)] } }] },
      { role: 'model', parts: [{ text: 'hm' }] },
      { role: 'user', parts: [{ text: 'nudge' }, shot(3)] },
    ]
    pruneScreenshots(contents, 2)
    expect(JSON.stringify(contents).match(/P\d/g)).toEqual(['P2', 'P3'])
    expect(contents[0]!.parts).toEqual([{ text: 'task' }])
    expect(contents[2]!.parts).toEqual([{ functionResponse: { name: 'click_at', response: {} } }])
  })
})
