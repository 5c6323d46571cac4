import { describe, expect, test } from 'vitest'
import type { Frame } from '../core/frame.ts'
import type { TraceSink } from '../core/trace.ts'
import { FakeScreen } from '../testing/fake-screen.ts'
import { ScriptedModel } from '../testing/scripted-model.ts'
import { verifyScreen } from './verify.ts'

const sink: TraceSink = {
  saveFrame: async (_frame, _kind, label) => `${label}.png`,
  addRun: () => undefined,
  addSecret: () => undefined,
  flush: async () => undefined,
}

const sees = (text: string) => async (_q: string, frame: Frame) =>
  new TextDecoder().decode(await frame.png()).includes(text) ? { answer: 'YES' as const, evidence: `'${text}' seen` } : { answer: 'NO' as const, evidence: `'${text}' not found` }

describe('verifyScreen', () => {
  test('a NO gets a second look as soon as the screen changes, and the second verdict counts', async () => {
    const screen = new FakeScreen()
    screen.content = 'Waiting for the worker'
    setTimeout(() => (screen.content = 'Worker replied: pong'), 300)
    const model = new ScriptedModel([], [sees('pong'), sees('pong')])
    const v = await verifyScreen({ screen, model, sink }, "Does it show 'pong'?", { recheckMs: 1500 })
    expect(v).toMatchObject({ passed: true, answer: 'YES', frame: 'verification, second look.png' })
    expect(v.firstLook).toEqual({ frame: 'verification.png', answer: 'NO', evidence: "'pong' not found" })
    expect(model.questions).toHaveLength(2)
    expect(v.ms).toBeLessThan(1200)
  })

  test('on a screen that stays as it was, the second look comes after recheckMs and the NO stands', async () => {
    const screen = new FakeScreen()
    const model = new ScriptedModel([], [sees('pong'), sees('pong')])
    const v = await verifyScreen({ screen, model, sink }, 'q?', { recheckMs: 300 })
    expect(v).toMatchObject({ passed: false, answer: 'NO', firstLook: { answer: 'NO' } })
    expect(v.ms).toBeGreaterThanOrEqual(300)
    expect(model.questions).toHaveLength(2)
  })

  test('a YES is not watched', async () => {
    const screen = new FakeScreen()
    screen.content = 'pong'
    const v = await verifyScreen({ screen, model: new ScriptedModel([], [sees('pong')]), sink }, 'q?', { recheckMs: 5000 })
    expect(v).toMatchObject({ passed: true })
    expect(v.ms).toBeLessThan(1000)
  })

  test("expecting NO (`.not.toVerify`): a NO stands at once, a YES gets the second look as the screen changes", async () => {
    const screen = new FakeScreen()
    const model = new ScriptedModel([], [sees('Saving…')])
    const no = await verifyScreen({ screen, model, sink }, "Does it show 'Saving…'?", { expecting: 'NO', recheckMs: 5000 })
    expect(no).toMatchObject({ passed: false, answer: 'NO' })
    expect(no.firstLook).toBeUndefined()
    expect(no.ms).toBeLessThan(1000)
    expect(model.questions).toHaveLength(1)

    screen.content = 'Saving…'
    setTimeout(() => (screen.content = 'Saved'), 300)
    const closing = new ScriptedModel([], [sees('Saving…'), sees('Saving…')])
    const yes = await verifyScreen({ screen, model: closing, sink }, "Does it show 'Saving…'?", { expecting: 'NO', recheckMs: 1500 })
    expect(yes).toMatchObject({ passed: false, answer: 'NO', firstLook: { answer: 'YES' } })
    expect(closing.questions).toHaveLength(2)
  })

  test('recheckMs 0: the first NO is final', async () => {
    const screen = new FakeScreen()
    setTimeout(() => (screen.content = 'pong'), 10)
    const v = await verifyScreen({ screen, model: new ScriptedModel([], [sees('pong')]), sink }, 'q?', { recheckMs: 0 })
    expect(v).toMatchObject({ passed: false, answer: 'NO' })
    expect(v.firstLook).toBeUndefined()
  })

  test('an error in the verifier is a failure with its message, never a pass', async () => {
    const v = await verifyScreen({ screen: new FakeScreen(), model: new ScriptedModel([], [new Error('401 bad key')]), sink }, 'q?')
    expect(v).toMatchObject({ passed: false, error: '401 bad key' })
  })
})
