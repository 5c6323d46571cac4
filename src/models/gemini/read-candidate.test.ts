import { describe, expect, it } from 'vitest'
import { readCandidate } from './read-candidate.ts'

describe('reading a generateContent reply', () => {
  it('keeps the content whole, and reads calls, safety decisions, text, thoughts and usage', () => {
    const parts = [
      { text: 'I see the toolbar.', thought: true, thoughtSignature: 'c2ln' },
      { functionCall: { name: 'click_at', args: { x: 1, y: 2, safety_decision: { decision: 'require_confirmation', explanation: 'A cookie banner.' } } } },
      { functionCall: { name: 'wait_5_seconds', args: {} } },
      { text: 'Clicking it.' },
    ]
    const read = readCandidate({
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' as never }],
      usageMetadata: { promptTokenCount: 1200, cachedContentTokenCount: 1000, candidatesTokenCount: 30, thoughtsTokenCount: 70, toolUsePromptTokenCount: 5 },
    })
    expect(read.content).toEqual({ role: 'model', parts })
    expect(read.calls.map((c) => [c.call.name, c.confirm])).toEqual([['click_at', { decision: 'require_confirmation', explanation: 'A cookie banner.' }], ['wait_5_seconds', undefined]])
    expect([read.text, read.reasoning, read.unfinished]).toEqual(['Clicking it.', 'I see the toolbar.', undefined])
    expect(read.usage).toEqual({ inputTokens: 1205, cachedTokens: 1000, outputTokens: 100 })
  })

  it('an empty or blocked reply reads as nothing, with its finish reason', () => {
    const read = readCandidate({ candidates: [{ finishReason: 'SAFETY' as never }] })
    expect([read.calls, read.text, read.unfinished, read.usage]).toEqual([[], '', 'SAFETY', { inputTokens: 0, cachedTokens: 0, outputTokens: 0 }])
  })
})
