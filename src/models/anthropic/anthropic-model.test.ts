// AnthropicModel's cold calls through the real @anthropic-ai/sdk against a local HTTP server that
// records each request and answers canned Messages replies: what the adapter sends, and what it reads.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Frame } from '../../core/frame.ts'
import { AnthropicModel } from './anthropic-model.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- request bodies as sent
const seen: { path: string; body: Json }[] = []
const replies: string[] = []
let server: Server
let frame: Frame
let model: AnthropicModel

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body: JSON.parse(body) as Json })
      const content = [{ type: 'text', text: replies.shift() }]
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content, stop_reason: 'end_turn', usage: { input_tokens: 1000, output_tokens: 20 } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const png = new Uint8Array(await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#fff' } }).png().toBuffer())
  frame = { png, width: 1920, height: 1080, hash: 'h', phash: 'p', at: 0 }
  model = new AnthropicModel({ id: 'anthropic/x', model: 'claude-sonnet-4-6', verifyModel: 'claude-haiku-4-5', connection: { apiKey: 'k-unit', baseURL }, retry: { maxRetries: 0 } })
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('AnthropicModel cold calls', () => {
  it('a query goes to verifyModel without tools, held by structured output to the wrapped schema, priced by that model', async () => {
    seen.length = 0
    replies.push('{"value":{"count":3},"evidence":"You clicked 3 times"}')
    const schema = { type: 'object', properties: { count: { type: 'number' } }, required: ['count'], additionalProperties: false } as const
    const read = await model.query('the count', schema, frame)
    expect(read).toMatchObject({ value: { count: 3 }, evidence: 'You clicked 3 times', usage: { inputTokens: 1000, outputTokens: 20 } })
    expect(read.usage?.costUsd).toBeGreaterThan(0)
    const { path, body } = seen[0]!
    expect(path).toBe('/v1/messages')
    expect(body).toMatchObject({ model: 'claude-haiku-4-5', output_config: { format: { type: 'json_schema', schema: { required: ['value', 'evidence'], additionalProperties: false } } } })
    expect(body.tools).toBeUndefined()
    expect(body.messages[0].content[0].text).toMatch(/^Read: the count\n/)
    expect(body.messages[0].content[1].type).toBe('image')
  })

  it('a locate answers in pixels of the 1280×720 image sent, mapped to the 1920×1080 screen', async () => {
    replies.push('{"found":true,"x":640,"y":180,"box":{"left":600,"top":160,"right":680,"bottom":200},"evidence":"Add one"}')
    expect(await model.locate('the Add one button', frame)).toMatchObject({ point: { x: 960, y: 270 }, box: { x: 900, y: 240, width: 120, height: 60 }, evidence: 'Add one' })
    expect(seen.at(-1)!.body.system[0].text).toMatch(/pixels/i)
  })

  it('a schema outside Anthropic\'s subset goes without output_config, the reply read leniently', async () => {
    replies.push('Here it is: {"value":{"anything":"x"},"evidence":"top"}')
    expect(await model.query('anything', { type: 'object', properties: { anything: {} } }, frame)).toMatchObject({ value: { anything: 'x' } })
    expect(seen.at(-1)!.body.output_config).toBeUndefined()
  })
})
