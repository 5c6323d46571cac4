// GeminiModel through the real @google/genai SDK against a local HTTP server that records each
// request and answers canned generateContent replies: what the adapter sends, and what it reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Frame } from '../../core/frame.ts'
import type { Turn } from '../../core/model.ts'
import { blankFrame, startRecordingServer, type Json, type RecordingServer } from '../../testing/recording-server.ts'
import { GeminiModel, type GeminiModelOptions } from './gemini-model.ts'

const KEY = 'g-unit-key-0123456789'
let server: RecordingServer
let frame: Frame

beforeAll(async () => {
  server = await startRecordingServer()
  frame = await blankFrame(1920, 1080)
})

afterAll(() => server.close())

const model = (o: Partial<GeminiModelOptions> = {}) =>
  new GeminiModel({ id: 'gemini/x', model: 'gemini-2.5-computer-use-preview-10-2025', connection: { apiKey: KEY, baseURL: server.url }, retry: { maxRetries: 0 }, ...o })
const turn = (step: number, runId = 'run-1'): Turn => ({ runId, instruction: 'Open the panel', step, maxSteps: 5, frame, screen: frame, history: [] })
const reply = (parts: Json[], usage: Json = { promptTokenCount: 1000, candidatesTokenCount: 20 }) => ({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }], usageMetadata: usage })

describe('GeminiModel', () => {
  it('declares the computerUse tool with its exclusions, maps a call from the grid, and answers it with the new screenshot', async () => {
    server.seen.length = 0
    server.replies.push(reply([{ text: 'The icon is top right.', thought: true }, { functionCall: { name: 'click_at', args: { x: 500, y: 250 } } }]))
    server.replies.push(reply([{ text: 'TEST_PASSED: the panel is open.' }]))
    const m = model()
    const first = await m.next(turn(1))
    expect(first).toMatchObject({ status: 'continue', actions: [{ type: 'click', x: 960, y: 270, button: 'left' }], reasoning: 'The icon is top right.' })
    expect(first.sent).toMatchObject({ width: 1280, height: 720 })
    expect(server.seen[0]!.path).toBe('/v1beta/models/gemini-2.5-computer-use-preview-10-2025:generateContent')
    expect(server.seen[0]!.headers['x-goog-api-key']).toBe(KEY)
    expect(server.seen[0]!.body.tools).toEqual([{ computerUse: { environment: 'ENVIRONMENT_BROWSER', excludedPredefinedFunctions: ['open_web_browser', 'search', 'navigate'] } }])
    const last = await m.next(turn(2))
    expect(last).toMatchObject({ status: 'passed', text: 'the panel is open.' })
    const answer = server.seen[1]!.body.contents.at(-1)
    expect(answer.parts[0].functionResponse).toMatchObject({ name: 'click_at', response: { output: 'done' }, parts: [{ inlineData: { mimeType: 'image/png' } }] })
    expect(server.seen[1]!.body.contents).toHaveLength(3)
  })

  it('declares plain functions, with the grid in the prompt, for a model without the tool; the mobile environment for a phone', async () => {
    server.seen.length = 0
    server.replies.push(reply([{ text: 'TEST_PASSED: done' }]), reply([{ text: 'TEST_PASSED: done' }]))
    await model({ model: 'gemini-2.5-flash' }).next(turn(1))
    expect(server.seen[0]!.body.tools[0].functionDeclarations.map((d: Json) => d.name)).toContain('type_text_at')
    expect(JSON.stringify(server.seen[0]!.body.systemInstruction)).toMatch(/0 to 999/)
    await model({ environment: 'mobile' }).next(turn(1))
    expect(server.seen[1]!.body.tools[0].computerUse).toMatchObject({ environment: 'ENVIRONMENT_MOBILE', excludedPredefinedFunctions: expect.arrayContaining(['go_forward']) })
  })

  it('a safety decision is acknowledged in the function response, or fails the run under safetyChecks: fail', async () => {
    const asking = () => reply([{ functionCall: { name: 'click_at', args: { x: 1, y: 1, safety_decision: { decision: 'require_confirmation', explanation: 'A consent button.' } } } }])
    server.seen.length = 0
    server.replies.push(asking(), reply([{ text: 'TEST_PASSED: ok' }]))
    const m = model()
    expect((await m.next(turn(1))).notes).toEqual(['confirmed safety decision click_at: A consent button.'])
    await m.next(turn(2))
    expect(server.seen[1]!.body.contents.at(-1).parts[0].functionResponse.response).toEqual({ output: 'done', safety_acknowledgement: 'true' })
    server.replies.push(asking())
    await expect(model({ safetyChecks: 'fail' }).next(turn(1, 'run-2'))).rejects.toThrow(/safety decision asks to confirm click_at: A consent button.*safetyChecks is 'fail'/)
  })

  it("a MALFORMED_FUNCTION_CALL finish is a malformed action: forgiven once (the model is told), then malformed_action", async () => {
    server.seen.length = 0
    const malformed = () => ({ candidates: [{ finishReason: 'MALFORMED_FUNCTION_CALL' }], usageMetadata: { promptTokenCount: 1000 } })
    server.replies.push(malformed(), malformed())
    const m = model()
    const first = await m.next(turn(1, 'run-3'))
    expect([first.status, first.actions, first.failures]).toEqual(['continue', [], []])
    expect(first.notes?.join()).toMatch(/forgiven once/)
    const second = await m.next(turn(2, 'run-3'))
    expect(second.failures).toEqual([expect.objectContaining({ type: 'malformed_action', message: expect.stringMatching(/the API reports MALFORMED_FUNCTION_CALL/) })])
    expect(server.seen[1]!.body.contents.at(-1).parts[0].text).toMatch(/could not be parsed/)
  })

  it('verifies cold with verifyModel under a JSON schema, priced by that model', async () => {
    server.seen.length = 0
    server.replies.push(reply([{ text: '{"answer":"YES","evidence":"A panel."}' }], { promptTokenCount: 1000, cachedContentTokenCount: 400, candidatesTokenCount: 10, thoughtsTokenCount: 90 }))
    const verdict = await model({ verifyModel: 'gemini-2.5-flash' }).verify('Is the panel open?', frame)
    expect(verdict).toMatchObject({ answer: 'YES', evidence: 'A panel.', usage: { inputTokens: 1000, cachedTokens: 400, outputTokens: 100 } })
    expect(verdict.usage?.costUsd).toBeCloseTo((600 * 0.3 + 400 * 0.03 + 100 * 2.5) / 1e6, 12)
    expect(server.seen[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent')
    expect(server.seen[0]!.body.tools).toBeUndefined()
    expect(server.seen[0]!.body.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseJsonSchema: { required: ['answer', 'evidence'] } })
  })

  it('queries under the wrapped schema and locates on the 0–999 grid, mapped to screen pixels, on verifyModel', async () => {
    server.seen.length = 0
    server.replies.push(reply([{ text: '{"value":{"count":3},"evidence":"You clicked 3 times"}' }]))
    server.replies.push(reply([{ text: '{"found":true,"x":500,"y":250,"box":{"left":450,"top":200,"right":550,"bottom":300},"evidence":"Add one"}' }]))
    const m = model({ verifyModel: 'gemini-2.5-flash' })
    const schema = { type: 'object', properties: { count: { type: 'number' } }, required: ['count'], additionalProperties: false } as const
    expect(await m.query('the count', schema, frame)).toMatchObject({ value: { count: 3 }, evidence: 'You clicked 3 times', usage: { inputTokens: 1000, outputTokens: 20 } })
    expect(server.seen[0]!.body.generationConfig.responseJsonSchema).toMatchObject({ required: ['value', 'evidence'], properties: { value: { anyOf: [schema, { type: 'null' }] } } })
    expect(server.seen[0]!.body.contents[0].parts[0].text).toMatch(/^Read: the count\n/)
    const located = await m.locate('the Add one button', frame)
    expect(located).toMatchObject({ point: { x: 960, y: 270 }, box: { x: 864, y: 216, width: 192, height: 108 }, evidence: 'Add one' })
    expect(JSON.stringify(server.seen[1]!.body.systemInstruction)).toMatch(/0 to 999/)
    expect(server.seen.map((r) => r.path)).toEqual(['/v1beta/models/gemini-2.5-flash:generateContent', '/v1beta/models/gemini-2.5-flash:generateContent'])
  })
})
