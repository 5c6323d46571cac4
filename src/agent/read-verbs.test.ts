import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { CassetteCall, CassetteMode } from '../core/cassette.ts'
import { isAgentprobeError } from '../core/errors.ts'
import type { Model, QueryReply, Verdict } from '../core/model.ts'
import { TraceWriter } from '../report/trace-writer.ts'
import { FakeScreen } from '../testing/fake-screen.ts'
import { ScriptedModel, type ColdScript, type ScriptedVerdict } from '../testing/scripted-model.ts'
import { CassetteModel } from './cassette-model.ts'
import { locateOnScreen } from './locate.ts'
import { queryScreen } from './query.ts'
import { waitForState } from './wait-for.ts'

async function deps(model: Model, screen = new FakeScreen()) {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-read-'))
  return { screen, model, sink: new TraceWriter({ dir, test: { name: 't' }, model: model.id, target: { kind: 'fake', ...screen.size } }) }
}

const reply = (value: unknown, usage = { costUsd: 0.002 }): QueryReply => ({ value, text: JSON.stringify(value), evidence: 'read it', usage })
const scripted = (cold: ColdScript, verdicts: ScriptedVerdict[] = []) => new ScriptedModel([], verdicts, 'scripted', cold)
const no = (evidence: string): Verdict => ({ answer: 'NO', evidence, usage: { costUsd: 0.001 } })
const yes = (evidence: string): Verdict => ({ answer: 'YES', evidence, usage: { costUsd: 0.001 } })

describe('queryScreen', () => {
  it('sends an object JSON schema, validates the reply with zod and keeps value, reply, evidence and frame', async () => {
    const model = scripted({ queries: [reply({ count: 3 })] })
    const sent: unknown[] = []
    const spy: Model = { ...model, id: model.id, next: model.next.bind(model), verify: model.verify.bind(model), locate: model.locate.bind(model), query: (q, s, f) => (sent.push(s), model.query(q, s, f)) }
    const { read, value } = await queryScreen(await deps(spy), 'How many?', z.object({ count: z.number().int() }))
    expect(value).toEqual({ count: 3 })
    expect(sent[0]).toMatchObject({ type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] })
    expect(sent[0]).not.toHaveProperty('$schema')
    expect(read).toMatchObject({ verb: 'query', ask: 'How many?', passed: true, value: { count: 3 }, reply: '{"count":3}', evidence: 'read it', usage: { costUsd: 0.002 } })
    expect(read.frame).toMatch(/\.png$/)
  })

  it('asks for a schema that is not an object as { value } and returns the value alone', async () => {
    const model = scripted({ queries: [(_q, schema) => reply({ value: schema.properties ? 7 : 'no wrapper' })] })
    const { value } = await queryScreen(await deps(model), 'How many?', z.number())
    expect(value).toBe(7)
  })

  it('takes a JSON schema too, and fails a reply that does not fit with what came back', async () => {
    const model = scripted({ queries: [reply({ count: 'three' })] })
    const outcome = await queryScreen(await deps(model), 'How many?', { type: 'object', properties: { count: { type: 'number' } }, required: ['count'] })
    expect(outcome.read.passed).toBe(false)
    expect(outcome.read.error).toContain('does not fit the schema')
    expect(outcome.read.error).toContain('the model replied: {"count":"three"}')
    expect(isAgentprobeError(outcome.cause) && outcome.cause.code).toBe('AGENTPROBE_MODEL')
  })
})

describe('locateOnScreen', () => {
  it('keeps the point and box with the frame, and fails a point off the screen', async () => {
    const model = scripted({ locates: [{ point: { x: 20, y: 30 }, box: { x: 10, y: 25, width: 20, height: 10 }, evidence: 'the Save button' }, { point: { x: 500, y: 30 } }] })
    const d = await deps(model)
    const found = await locateOnScreen(d, 'the Save button')
    expect(found.read).toMatchObject({ verb: 'locate', passed: true, point: { x: 20, y: 30 }, box: { x: 10, y: 25, width: 20, height: 10 }, evidence: 'the Save button' })
    const off = await locateOnScreen(d, 'the Save button')
    expect(off.read.error).toContain('outside the 200×100 screen')
  })
})

describe('waitForState', () => {
  it('asks only when the screen changed since the last look, and passes on the first YES', async () => {
    const screen = new FakeScreen()
    const model = scripted({}, [no('still loading'), yes('Saved')])
    setTimeout(() => (screen.content = 'saved'), 250)
    const { read } = await waitForState(await deps(model, screen), "Is 'Saved' shown?", { timeoutMs: 3000, intervalMs: 50 })
    expect(read.passed).toBe(true)
    expect(read.calls).toBe(2)
    expect(read.looks).toBeGreaterThan(3)
    expect(model.questions).toHaveLength(2)
    expect(read.usage.costUsd).toBeCloseTo(0.002)
  })

  it('fails at the deadline with its looks, calls and the last evidence', async () => {
    const model = scripted({}, [no('only a spinner')])
    const started = performance.now()
    const { read } = await waitForState(await deps(model), "Is 'Saved' shown?", { timeoutMs: 400, intervalMs: 50 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(400)
    expect(read.passed).toBe(false)
    expect(read.calls).toBe(1)
    expect(read.error).toMatch(/did not hold within 400 ms: \d+ look\(s\), 1 model call\(s\).*last evidence: only a spinner/)
  })

  it('stops at a cost budget', async () => {
    const screen = new FakeScreen()
    let n = 0
    const model = scripted({}, [() => (screen.content = `frame ${++n}`, no('not yet')), () => (screen.content = `frame ${++n}`, no('not yet')), no('not yet')])
    const { read } = await waitForState(await deps(model, screen), "Is 'Saved' shown?", { timeoutMs: 5000, intervalMs: 10, maxCostUsd: 0.0015 })
    expect(read.error).toMatch(/^budget_exceeded: cost budget spent.*after 2 model call\(s\)/)
  })
})

describe('read verbs under a cassette', () => {
  const cassette = (mode: CassetteMode, recorded: readonly CassetteCall[], live: () => Model, secrets?: Record<string, string>) => new CassetteModel({ mode, recorded, live, id: 'scripted', secrets })
  const noModel = (): Model => {
    throw new Error('the live model must not be called')
  }

  it('records query, locate and waitFor, then replays them with the model stopped: same values, zero calls', async () => {
    const screen = new FakeScreen()
    const live = scripted({ queries: [reply({ count: 3 })], locates: [{ point: { x: 20, y: 30 }, evidence: 'Save' }] }, [no('loading'), yes('Saved')])
    const rec = cassette('record', [], () => live)
    const d = await deps(rec, screen)
    const schema = z.object({ count: z.number() })
    const first = {
      query: (await queryScreen(d, 'How many?', schema)).value,
      point: (await locateOnScreen(d, 'the Save button')).read.point,
      wait: await (async () => {
        setTimeout(() => (screen.content = 'saved'), 150)
        return (await waitForState(d, "Is 'Saved' shown?", { timeoutMs: 3000, intervalMs: 30 })).read
      })(),
    }
    expect(rec.calls.map((c) => c.kind)).toEqual(['query', 'locate', 'verify', 'verify'])
    expect(rec.stats).toMatchObject({ liveReads: 2, liveVerdicts: 2 })

    const again = new FakeScreen()
    const replay = cassette('replay', rec.calls, noModel)
    const r = await deps(replay, again)
    expect((await queryScreen(r, 'How many?', schema)).value).toEqual(first.query)
    expect((await locateOnScreen(r, 'the Save button')).read.point).toEqual(first.point)
    setTimeout(() => (again.content = 'saved'), 150)
    const wait = (await waitForState(r, "Is 'Saved' shown?", { timeoutMs: 3000, intervalMs: 30 })).read
    expect(wait).toMatchObject({ passed: true, evidence: first.wait.evidence, calls: 2 })
    expect(replay.stats).toMatchObject({ replayedReads: 2, replayedVerdicts: 2, liveReads: 0, liveVerdicts: 0, liveSteps: 0 })
    expect(replay.stats.savedUsd).toBeCloseTo(0.004)
  })

  it("replays a waitFor whose screen is already there without the looks it no longer sees", async () => {
    const screen = new FakeScreen()
    const rec = cassette('record', [], () => scripted({}, [no('loading'), yes('Saved')]))
    setTimeout(() => (screen.content = 'saved'), 100)
    await waitForState(await deps(rec, screen), "Is 'Saved' shown?", { timeoutMs: 3000, intervalMs: 30 })
    const done = new FakeScreen()
    done.content = 'saved'
    const replay = cassette('replay', rec.calls, noModel)
    const { read } = await waitForState(await deps(replay, done), "Is 'Saved' shown?", { timeoutMs: 1000, intervalMs: 30 })
    expect(read).toMatchObject({ passed: true, calls: 1, evidence: 'Saved' })
  })

  it('replays a changed schema as drift, and keeps a secret the model read out of the file', async () => {
    const rec = cassette('record', [], () => scripted({ queries: [reply({ name: 'user hunter2!' })] }), { password: 'hunter2!' })
    await queryScreen(await deps(rec), 'Which name?', z.object({ name: z.string() }))
    expect(JSON.stringify(rec.calls)).not.toContain('hunter2!')
    const back = await queryScreen(await deps(cassette('replay', rec.calls, noModel, { password: 'hunter2!' })), 'Which name?', z.object({ name: z.string() }))
    expect(back.value).toEqual({ name: 'user hunter2!' })
    const changed = await queryScreen(await deps(cassette('replay', rec.calls, noModel)), 'Which name?', z.object({ name: z.string(), age: z.number() }))
    expect(changed.read.error).toContain('replay_drift: query "Which name?": the cassette has no recording of it here')
  })
})

describe('a waitFor replayed on a screen that takes another way', () => {
  it('watches for any of its looks, so a frame the recording never saw is passed by, not a drift', async () => {
    const screen = new FakeScreen()
    const rec = new CassetteModel({ mode: 'record', recorded: [], live: () => scripted({}, [no('loading'), yes('Saved')]), id: 'scripted' })
    setTimeout(() => (screen.content = 'saved'), 100)
    await waitForState(await deps(rec, screen), "Is 'Saved' shown?", { timeoutMs: 3000, intervalMs: 30 })
    // The replay's screen shows a state the recording never had, then the final one.
    const other = new FakeScreen()
    other.content = 'half drawn'
    setTimeout(() => (other.content = 'saved'), 300)
    const replay = new CassetteModel({ mode: 'replay', recorded: rec.calls, live: () => { throw new Error('no live call') }, id: 'scripted', watch: { screen: other, timeoutMs: 2000, intervalMs: 20 } })
    const { read } = await waitForState(await deps(replay, other), "Is 'Saved' shown?", { timeoutMs: 3000, intervalMs: 30 })
    expect(read).toMatchObject({ passed: true, calls: 1, evidence: 'Saved' })
    expect(replay.stats).toMatchObject({ replayedVerdicts: 1, liveVerdicts: 0 })
  })
})
