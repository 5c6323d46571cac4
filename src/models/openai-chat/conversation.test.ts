import type { ChatCompletionMessage } from 'openai/resources/chat/completions'
import { describe, expect, it } from 'vitest'
import { pngFrame } from '../../core/frame.ts'
import type { Turn } from '../../core/model.ts'
import { addReply, addTurn, newConversation } from './conversation.ts'

const turn = {
  runId: 'r', instruction: 'Do it.', step: 1, maxSteps: 5,
  frame: pngFrame(new Uint8Array(), { width: 1, height: 1, hash: '', phash: '', at: 0 }), screen: { width: 1, height: 1 }, history: [],
} satisfies Turn
const image = (n: number) => `data:image/png;base64,IMG${n}`
const reply = (id: string): ChatCompletionMessage => ({ role: 'assistant', content: null, refusal: null, tool_calls: [{ id, type: 'function', function: { name: 'click', arguments: '{}' } }] })

describe('the chat conversation', () => {
  it('answers every tool call with a tool message, in order', () => {
    const c = newConversation('system')
    addTurn(c, turn, image(1), 2)
    addReply(c, reply('call_1'), new Map([['call_1', 'not performed: x']]))
    expect(c.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool'])
    expect(c.messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'not performed: x' })
  })

  it('keeps only the latest screenshots as images', () => {
    const c = newConversation('system')
    for (let n = 1; n <= 4; n++) {
      addTurn(c, turn, image(n), 2)
      addReply(c, reply(`call_${n}`), new Map())
    }
    const json = JSON.stringify(c.messages)
    expect(json).not.toContain('IMG1')
    expect(json).not.toContain('IMG2')
    expect(json).toContain('IMG3')
    expect(json).toContain('IMG4')
    expect(json.match(/an earlier screenshot, omitted/g)).toHaveLength(2)
  })

  it('starts with the task, then says what the next screenshot is, or nudges', () => {
    const c = newConversation('system')
    addTurn(c, turn, image(1), 2)
    expect(JSON.stringify(c.messages[1])).toContain('Instruction: Do it.')
    addReply(c, { role: 'assistant', content: 'hmm', refusal: null }, new Map())
    c.nudge = 'no_verdict'
    addTurn(c, turn, image(2), 2)
    expect(JSON.stringify(c.messages.at(-1))).toMatch(/neither TEST_PASSED nor TEST_FAILED/)
  })
})
