// AnthropicModel's cold calls through the real @anthropic-ai/sdk against a local HTTP server that
// records each request and answers canned Messages replies: what the adapter sends, and what it reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Frame } from '../../core/frame.ts'
import { blankFrame, startRecordingServer, type RecordingServer } from '../../testing/recording-server.ts'
import { AnthropicModel } from './anthropic-model.ts'

let server: RecordingServer
let frame: Frame
let model: AnthropicModel
const reply = (text: string) => server.replies.push({ id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 1000, output_tokens: 20 } })

beforeAll(async () => {
  server = await startRecordingServer()
  frame = await blankFrame(1920, 1080)
  model = new AnthropicModel({ id: 'anthropic/x', model: 'claude-sonnet-4-6', verifyModel: 'claude-haiku-4-5', connection: { apiKey: 'k-unit', baseURL: server.url }, retry: { maxRetries: 0 } })
})

afterAll(() => server.close())

describe('AnthropicModel cold calls', () => {
  it('a query goes to verifyModel without tools, held by structured output to the wrapped schema, priced by that model', async () => {
    server.seen.length = 0
    reply('{"value":{"count":3},"evidence":"You clicked 3 times"}')
    const schema = { type: 'object', properties: { count: { type: 'number' } }, required: ['count'], additionalProperties: false } as const
    const read = await model.query('the count', schema, frame)
    expect(read).toMatchObject({ value: { count: 3 }, evidence: 'You clicked 3 times', usage: { inputTokens: 1000, outputTokens: 20 } })
    expect(read.usage?.costUsd).toBeGreaterThan(0)
    const { path, body } = server.seen[0]!
    expect(path).toBe('/v1/messages')
    expect(body).toMatchObject({ model: 'claude-haiku-4-5', output_config: { format: { type: 'json_schema', schema: { required: ['value', 'evidence'], additionalProperties: false } } } })
    expect(body.tools).toBeUndefined()
    expect(body.messages[0].content[0].text).toMatch(/^Read: the count\n/)
    expect(body.messages[0].content[1].type).toBe('image')
  })

  it('a locate answers in pixels of the 1280×720 image sent, mapped to the 1920×1080 screen', async () => {
    reply('{"found":true,"x":640,"y":180,"box":{"left":600,"top":160,"right":680,"bottom":200},"evidence":"Add one"}')
    expect(await model.locate('the Add one button', frame)).toMatchObject({ point: { x: 960, y: 270 }, box: { x: 900, y: 240, width: 120, height: 60 }, evidence: 'Add one' })
    expect(server.seen.at(-1)!.body.system[0].text).toMatch(/pixels/i)
  })

  it('a schema outside Anthropic\'s subset goes without output_config, the reply read leniently', async () => {
    reply('Here it is: {"value":{"anything":"x"},"evidence":"top"}')
    expect(await model.query('anything', { type: 'object', properties: { anything: {} } }, frame)).toMatchObject({ value: { anything: 'x' } })
    expect(server.seen.at(-1)!.body.output_config).toBeUndefined()
  })
})
