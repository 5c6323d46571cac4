import { describe, expect, it } from 'vitest'
import { pngFrame } from '../../core/frame.ts'
import type { Turn } from '../../core/model.ts'
import { newConversation, nextInput } from './conversation.ts'

const turn = {
  runId: 'r', instruction: "Click 'Save'.", criteria: { success: ['a toast says Saved'] }, step: 1, maxSteps: 15,
  frame: pngFrame(new Uint8Array(), { width: 1, height: 1, hash: '', phash: '', at: 0 }), screen: { width: 1, height: 1 }, history: [],
} satisfies Turn
const IMAGE = 'data:image/png;base64,AAAA'

describe('nextInput', () => {
  it('starts with the task, its criteria and the screenshot', () => {
    const [first] = nextInput(newConversation(), turn, IMAGE)
    expect(first).toMatchObject({ role: 'user', content: [{ type: 'input_text' }, { type: 'input_image', image_url: IMAGE, detail: 'high' }] })
    const text = JSON.stringify(first)
    expect(text).toContain("Instruction: Click 'Save'.")
    expect(text).toContain('Success looks like: a toast says Saved')
  })

  it('answers every pending computer call with the screenshot, acknowledging its safety checks', () => {
    const c = { ...newConversation(), started: true, pending: [
      { callId: 'call_1', actions: [], safetyChecks: [{ id: 'sc', code: 'malicious_instructions', message: 'm' }] },
      { callId: 'call_2', actions: [], safetyChecks: [] },
    ] }
    expect(nextInput(c, turn, IMAGE)).toEqual([
      { type: 'computer_call_output', call_id: 'call_1', output: { type: 'computer_screenshot', image_url: IMAGE }, acknowledged_safety_checks: [{ id: 'sc', code: 'malicious_instructions', message: 'm' }] },
      { type: 'computer_call_output', call_id: 'call_2', output: { type: 'computer_screenshot', image_url: IMAGE } },
    ])
  })

  it("tells the model what went wrong with its last actions, after the outputs", () => {
    const c = { ...newConversation(), started: true, pending: [{ callId: 'c', actions: [], safetyChecks: [] }], told: 'Not performed: click: y Required.' }
    const history = [{ step: 1, actions: [], failures: [{ type: 'unknown_action' as const, message: 'unsupported action "teleport"' }] }]
    const input = nextInput(c, { ...turn, history }, IMAGE)
    expect(input).toHaveLength(2)
    expect(JSON.stringify(input[1])).toMatch(/teleport.*Not performed: click: y Required/)
  })

  it('sends the nudge with the screenshot after a reply without a verdict', () => {
    const input = nextInput({ ...newConversation(), started: true, nudge: 'no_verdict' }, turn, IMAGE)
    expect(JSON.stringify(input)).toMatch(/neither TEST_PASSED nor TEST_FAILED/)
    expect(JSON.stringify(input)).toContain(IMAGE)
  })
})
