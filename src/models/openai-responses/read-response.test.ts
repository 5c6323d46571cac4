import type { Response } from 'openai/resources/responses/responses'
import { describe, expect, it } from 'vitest'
import { readResponse } from './read-response.ts'

const usage = { input_tokens: 1200, input_tokens_details: { cached_tokens: 800, cache_write_tokens: 0 }, output_tokens: 90, output_tokens_details: { reasoning_tokens: 10 }, total_tokens: 1290 }

function reply(output: unknown[]): Pick<Response, 'output' | 'usage'> {
  return { output: output as Response['output'], usage }
}

describe('readResponse', () => {
  it('reads a GA computer call: its batch, safety checks, reasoning summary and usage', () => {
    const read = readResponse(reply([
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'The icon is top right.' }] },
      { type: 'computer_call', id: 'cu_1', call_id: 'call_1', status: 'completed', pending_safety_checks: [{ id: 'sc_1', code: 'irrelevant_domain', message: 'm' }], actions: [{ type: 'click', button: 'left', x: 1, y: 2 }] },
    ]))
    expect(read).toEqual({
      calls: [{ callId: 'call_1', actions: [{ type: 'click', button: 'left', x: 1, y: 2 }], safetyChecks: [{ id: 'sc_1', code: 'irrelevant_domain', message: 'm' }] }],
      text: '',
      reasoning: 'The icon is top right.',
      usage: { inputTokens: 1200, cachedTokens: 800, outputTokens: 90 },
    })
  })

  it("reads the preview's single action as a batch of one", () => {
    const read = readResponse(reply([{ type: 'computer_call', id: 'cu', call_id: 'c', status: 'completed', pending_safety_checks: [], action: { type: 'wait' } }]))
    expect(read.calls[0]!.actions).toEqual([{ type: 'wait' }])
  })

  it('marks a call with neither actions nor action', () => {
    expect(readResponse(reply([{ type: 'computer_call', id: 'cu', call_id: 'c', status: 'completed', pending_safety_checks: [] }])).calls[0]!.actions).toBeUndefined()
  })

  it("joins the assistant's text, refusals included", () => {
    const read = readResponse(reply([
      { type: 'message', id: 'm', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'TEST_PASSED: done', annotations: [] }] },
      { type: 'message', id: 'm2', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'no' }] },
    ]))
    expect(read.text).toBe('TEST_PASSED: done\n(refusal) no')
    expect(read.calls).toEqual([])
    expect(read.reasoning).toBeUndefined()
  })

  it('reads an empty reply as empty, with zero usage when the API sent none', () => {
    expect(readResponse({ output: [], usage: undefined })).toEqual({ calls: [], text: '', usage: { inputTokens: 0, cachedTokens: 0, outputTokens: 0 } })
  })
})
