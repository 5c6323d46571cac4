import { describe, expect, it } from 'vitest'
import type { Turn } from '../../core/model.ts'
import type { CanvasImage } from '../canvas-image.ts'
import { newConversation, nextUserContent, withCacheBreakpoint } from './conversation.ts'
import { readMessage } from './read-message.ts'

const image = (tag: string): CanvasImage => ({ png: new Uint8Array(), width: 4, height: 2, dataUrl: `data:image/png;base64,${tag}` })
const images = { screenshot: image('SHOT'), crop: async () => image('CROP'), toolset: 'computer' }
const turn = { runId: 'r', instruction: 'Open it', step: 2, maxSteps: 5, history: [] } as unknown as Turn

describe('nextUserContent', () => {
  it('starts with the task and the screenshot', async () => {
    const content = await nextUserContent(newConversation(), turn, images)
    expect(content.map((b) => b.type)).toEqual(['text', 'image'])
    expect(content[0]!.text).toMatch(/^Instruction: Open it/)
  })

  it('answers every tool_use: the screenshot on the last action, the crop, the pointer, and errors as is_error', async () => {
    const c = { ...newConversation(), started: true, told: 'Not performed: x.' }
    c.pending = [
      { id: 'a', kind: 'screenshot' },
      { id: 'b', kind: 'zoom', box: { x: 0, y: 0, width: 2, height: 2 } },
      { id: 'c', kind: 'screenshot' },
      { id: 'd', kind: 'cursor', at: { x: 3, y: 4 } },
      { id: 'e', kind: 'error', message: 'unsupported computer action "teleport"' },
    ]
    const content = await nextUserContent(c, turn, images)
    expect(content.slice(0, 5).map((b) => [b.type, b.tool_use_id, b.toolset_name])).toEqual(['a', 'b', 'c', 'd', 'e'].map((id) => ['tool_result', id, 'computer']))
    const json = content.map((b) => JSON.stringify(b))
    expect(json[0]).not.toContain('SHOT')
    expect(json[1]).toContain('CROP')
    expect(json[2]).toContain('SHOT')
    expect(json[3]).toContain('X=3,Y=4')
    expect(content[4]).toMatchObject({ is_error: true })
    expect(content.at(-1)).toEqual({ type: 'text', text: 'Not performed: x.' })
  })

  it('shows the screen after the results when no answer carried it', async () => {
    const c = { ...newConversation(), started: true, pending: [{ id: 'z', kind: 'cursor' as const }] }
    const content = await nextUserContent(c, turn, { ...images, toolset: undefined })
    expect(content.map((b) => b.type)).toEqual(['tool_result', 'image'])
    expect(content[0]).toMatchObject({ is_error: true })
    expect(content[0]).not.toHaveProperty('toolset_name')
  })
})

describe('withCacheBreakpoint', () => {
  it('marks the last block of the last message, leaving the stored conversation as it was', () => {
    const messages = [{ role: 'user' as const, content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }]
    const sent = withCacheBreakpoint(messages)
    expect(sent[0]!.content[1]).toEqual({ type: 'text', text: 'b', cache_control: { type: 'ephemeral' } })
    expect(messages[0]!.content[1]).not.toHaveProperty('cache_control')
  })
})

describe('readMessage', () => {
  it('reads text, GA and beta tool_uses alike, and usage with cache reads and writes in the input', () => {
    const read = readMessage({
      content: [
        { type: 'thinking', thinking: 'hmm' },
        { type: 'text', text: 'Clicking.' },
        { type: 'tool_use', id: 't1', name: 'left_click', input: { coordinate: [1, 2] } },
        { type: 'tool_use', id: 't2', name: 'computer', input: { action: 'key', text: 'Return' } },
      ],
      usage: { input_tokens: 100, output_tokens: 30, cache_read_input_tokens: 1000, cache_creation_input_tokens: 50 },
    })
    expect(read).toEqual({
      text: 'Clicking.',
      reasoning: 'hmm',
      uses: [{ id: 't1', action: 'left_click', input: { coordinate: [1, 2] } }, { id: 't2', action: 'key', input: { text: 'Return' } }],
      usage: { inputTokens: 1150, cachedTokens: 1000, outputTokens: 30 },
    })
  })
})
