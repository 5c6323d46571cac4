import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CassetteCall, CassetteMode } from '../core/cassette.ts'
import { contentHash, type Frame } from '../core/frame.ts'
import type { Decision, Model } from '../core/model.ts'
import { TraceWriter } from '../report/trace-writer.ts'
import { FakeScreen } from '../testing/fake-screen.ts'
import { ScriptedModel } from '../testing/scripted-model.ts'
import { CassetteModel } from './cassette-model.ts'
import { runAgent } from './run-agent.ts'

const click = (x: number): Decision => ({ status: 'continue', actions: [{ type: 'click', x, y: 5, button: 'left' }], usage: { inputTokens: 1000, outputTokens: 10, costUsd: 0.01 } })
const done: Decision = { status: 'passed', actions: [], text: 'TEST_PASSED', usage: { costUsd: 0.01 } }

/** A screen whose content is a number that each click advances, so every frame differs. */
function screen(): FakeScreen {
  const s = new FakeScreen()
  let n = 0
  s.content = 'page 0'
  s.onPerform = (_a, self) => { self.content = `page ${++n}` }
  return s
}

/** The grid hash of a screen showing `page n`: each page is a different even grey. */
const gridPhash = (n: number) => (n * 40).toString(16).padStart(2, '0').repeat(48 * 27)

/** A fake screen's phash is its exact hash padded: give it a real grid-hash shape so framesMatch can compare. */
function gridScreen(): FakeScreen {
  const s = screen()
  const capture = s.capture.bind(s)
  s.capture = async () => ({ ...(await capture()), phash: gridPhash(Number(s.content.split(' ')[1])) })
  return s
}

async function run(model: Model, s = gridScreen(), verify?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-cassette-'))
  const sink = new TraceWriter({ dir, test: { name: 't' }, model: model.id, target: { kind: 'fake', ...s.size } })
  return runAgent({ screen: s, model, sink }, 'click twice', { verify })
}

function cassette(mode: CassetteMode, recorded: readonly CassetteCall[], live: () => Model, secrets?: Record<string, string>) {
  return new CassetteModel({ mode, recorded, live, id: 'scripted', secrets })
}

const noModel = (): Model => {
  throw new Error('the live model must not be called')
}

async function record(): Promise<CassetteCall[]> {
  const live = new ScriptedModel([click(1), click(2), done], [{ answer: 'YES', evidence: 'seen' }])
  const model = cassette('record', [], () => live)
  expect((await run(model, gridScreen(), 'done?')).status).toBe('passed')
  return model.calls
}

describe('CassetteModel', () => {
  it('records every call, then replays them with no live call at all', async () => {
    const calls = await record()
    expect(calls.map((c) => c.kind)).toEqual(['agent', 'verify'])
    const replay = cassette('replay', calls, noModel)
    const result = await run(replay, gridScreen(), 'done?')
    expect(result.status).toBe('passed')
    expect(replay.stats).toMatchObject({ replayedSteps: 3, liveSteps: 0, replayedVerdicts: 1, liveVerdicts: 0 })
    expect(replay.stats.savedUsd).toBeCloseTo(0.03)
  })

  it('fails as replay_drift in replay mode when the screen changed', async () => {
    const calls = await record()
    const changed = gridScreen()
    changed.onPerform = (_a, self) => { self.content = 'page 5' }
    const result = await run(cassette('replay', calls, noModel), changed)
    expect(result.status).toBe('failed')
    expect(result.run.failures.map((f) => f.type)).toEqual(['replay_drift'])
    expect(result.reason).toMatch(/step 2 .*no longer looks/)
  })

  it('hands over to the live model from the drifting step in auto mode, and re-records from there', async () => {
    const calls = await record()
    const changed = gridScreen()
    changed.onPerform = (_a, self) => { self.content = 'page 5' }
    const live = new ScriptedModel([click(9), done])
    const auto = cassette('auto', calls, () => live)
    expect((await run(auto, changed)).status).toBe('passed')
    expect(live.turns.map((t) => t.step)).toEqual([2, 3])
    expect(auto.stats).toMatchObject({ replayedSteps: 1, liveSteps: 2 })
    const [agent] = auto.calls
    expect(agent?.kind === 'agent' && agent.steps.map((s) => s.actions[0]?.type ?? s.status)).toEqual(['click', 'click', 'passed'])
  })

  it('holds a replayed decision as long as its model took when recorded, up to the bound', async () => {
    const calls = await record()
    const [agent] = calls
    if (agent?.kind !== 'agent') throw new Error('no agent call recorded')
    const steps = agent.steps.map((step, i) => ({ ...step, thinkMs: [300, 60_000, 60_000][i] }))
    const replay = new CassetteModel({ mode: 'replay', recorded: [{ ...agent, steps }, calls[1]!], live: noModel, id: 'scripted', holdMaxMs: 400 })
    // Each click's distance from the frame its decision was made on, as the run noted it; and,
    // measured here, the run as a whole took both holds. (Measured from the latest capture before a
    // click instead, a loaded machine fails it: the replay's watch for the recorded screen can
    // capture again just before acting.)
    const started = Date.now()
    const result = await run(replay, gridScreen(), 'done?')
    const took = Date.now() - started
    expect(result.status, result.reason).toBe('passed')
    const notes = result.run.steps.map((step) => step.notes?.join() ?? '')
    const after = notes.map((note) => Number(/acts (\d+) ms after its frame/.exec(note)?.[1] ?? NaN))
    expect(after[0]).toBeGreaterThanOrEqual(300)
    expect(after[1]).toBeGreaterThanOrEqual(400)
    expect(took).toBeGreaterThanOrEqual(700)
    const held = notes.map((note) => Number(/replay held the decision (\d+) ms/.exec(note)?.[1] ?? 0))
    expect(held[1]).toBeLessThanOrEqual(400)
    // The last step acts on nothing: nothing to hold for.
    expect(result.run.steps[2]!.notes?.join() ?? '').not.toMatch(/replay held/)
  })

  it('replays a verdict the recording reached on a screen still changing, once the screen shows what its verification saw', async () => {
    const calls = await record()
    const [agent, verdict] = calls
    if (agent?.kind !== 'agent' || verdict?.kind !== 'verify') throw new Error('no agent call and verdict recorded')
    // The browser had not yet drawn what the second click did when the model said it was done.
    const steps = agent.steps.map((step, i) => (i === 2 ? { ...step, phash: gridPhash(9) } : step))
    const transient = [{ ...agent, steps }, verdict]
    const replay = cassette('replay', transient, noModel)
    const result = await run(replay, gridScreen(), 'done?')
    expect(result.status, result.reason).toBe('passed')
    expect(result.run.steps[2]?.notes?.join()).toMatch(/decided this on a screen still changing/)
    expect(replay.stats).toMatchObject({ replayedSteps: 3, replayedVerdicts: 1 })
    // Without a next call to say where the recording went, the screen must match the step.
    const unverified = await run(cassette('replay', [{ ...agent, steps }], noModel), gridScreen())
    expect(unverified.run.failures.map((f) => f.type)).toEqual(['replay_drift'])
    // A locate after the agent call says it as well as a verification does.
    const located = { kind: 'locate' as const, model: 'scripted', description: 'the last cell', phash: verdict.phash, screen: agent.screen, point: { x: 1, y: 1 }, usage: verdict.usage }
    const thenLocate = await run(cassette('replay', [{ ...agent, steps }, located], noModel), gridScreen())
    expect(thenLocate.status, thenLocate.reason).toBe('passed')
  })

  it('skips a recorded wait when the screen already shows the step after it, and still drifts on a click it did not see', async () => {
    const calls = await record()
    const [agent, verdict] = calls
    if (agent?.kind !== 'agent' || verdict?.kind !== 'verify') throw new Error('no agent call and verdict recorded')
    const wait = { phash: gridPhash(9), actions: [{ type: 'wait' as const, ms: 1000 }], status: 'continue' as const, usage: { inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0.01 } }
    const s = gridScreen()
    const replay = cassette('replay', [{ ...agent, steps: [agent.steps[0]!, agent.steps[1]!, wait, agent.steps[2]!] }, verdict], noModel)
    const result = await run(replay, s, 'done?')
    expect(result.status, result.reason).toBe('passed')
    expect(s.performed.map((a) => a.type)).toEqual(['click', 'click'])
    expect(result.run.steps.map((step) => step.status)).toEqual(['continue', 'continue', 'passed'])
    expect(result.run.steps[2]?.notes?.join()).toMatch(/skipped a recorded wait/)
    const [rerecorded] = replay.calls
    expect(rerecorded?.kind === 'agent' && rerecorded.steps).toHaveLength(3)
    // A click recorded on a screen this replay never showed is not skipped: it acted on what it saw.
    const clickOnTransient = { ...wait, actions: [{ type: 'click' as const, x: 3, y: 5, button: 'left' as const }] }
    const drifted = await run(cassette('replay', [{ ...agent, steps: [agent.steps[0]!, agent.steps[1]!, clickOnTransient, agent.steps[2]!] }, verdict], noModel), gridScreen(), 'done?')
    expect(drifted.run.failures.map((f) => f.type)).toEqual(['replay_drift'])
  })

  it('records how long each decision took', async () => {
    const calls = await record()
    const [agent] = calls
    expect(agent?.kind === 'agent' && agent.steps.every((step) => typeof step.thinkMs === 'number' && step.thinkMs >= 0)).toBe(true)
  })

  it('stores typed secrets as placeholders and fills them in again at replay', async () => {
    const typing: Decision = { status: 'continue', actions: [{ type: 'type', text: 'user hunter2!' }] }
    const rec = cassette('record', [], () => new ScriptedModel([typing, done]), { password: 'hunter2!' })
    await run(rec)
    expect(JSON.stringify(rec.calls)).not.toContain('hunter2!')
    expect(JSON.stringify(rec.calls)).toContain('{{password}}')
    const s = gridScreen()
    await run(cassette('replay', rec.calls, noModel, { password: 'hunter2!' }), s)
    expect(s.performed[0]).toEqual({ type: 'type', text: 'user hunter2!', secret: true })
  })
})

describe('CassetteModel watching a screen that is not there yet', () => {
  /** After each click the screen shows `page 9` (a state no recording has) for `lagMs`, then the page the click leads to. */
  function laggingScreen(lagMs: number): FakeScreen {
    const s = gridScreen()
    let n = 0
    s.onPerform = (_a, self) => {
      const next = `page ${++n}`
      self.content = 'page 9'
      setTimeout(() => (self.content = next), lagMs)
    }
    return s
  }
  const watching = (mode: CassetteMode, calls: readonly CassetteCall[], s: FakeScreen, timeoutMs: number, live: () => Model = noModel, onDrift?: (phash: string, frame: Frame) => Promise<string | undefined>) =>
    new CassetteModel({ mode, recorded: calls, live, id: 'scripted', watch: { screen: s, timeoutMs, intervalMs: 20 }, onDrift })

  it('replays once the recorded frame appears, and the step keeps the frame it matched', async () => {
    const calls = await record()
    const s = laggingScreen(300)
    // The bound only has to outlast the 300 ms lag; a loaded machine can add seconds to it.
    const model = watching('replay', calls, s, 10_000)
    const result = await run(model, s, 'done?')
    expect(result.status, result.reason).toBe('passed')
    expect(model.stats).toMatchObject({ replayedSteps: 3, replayedVerdicts: 1, liveSteps: 0 })
    expect(result.run.steps.map((step) => step.frameHash)).toEqual(['page 0', 'page 1', 'page 2'].map((p) => contentHash(new TextEncoder().encode(p))))
    const waits = result.run.steps.map((step) => Number(/replay waited (\d+) ms/.exec(step.notes?.join() ?? '')?.[1] ?? 0))
    expect(waits[0]).toBe(0)
    // Counted from the step's own frame, taken after the settle: a loaded machine settles later, so the wait is under the lag.
    for (const ms of waits.slice(1)) expect(ms).toBeGreaterThan(0)
  })

  it('is replay_drift when the frame never matches within the bound, with the diff of the last frame watched', async () => {
    const calls = await record()
    const s = laggingScreen(60_000)
    const drifts: Frame[] = []
    const started = performance.now()
    const result = await run(watching('replay', calls, s, 400, noModel, async (_p, frame) => (drifts.push(frame), 'diff.png')), s)
    expect(performance.now() - started).toBeGreaterThanOrEqual(400)
    expect(result.run.failures.map((f) => f.type)).toEqual(['replay_drift'])
    expect(result.reason).toMatch(/step 2 .*did not look the way it did when the model decided within 400 ms; side-by-side diff: diff.png/)
    expect(drifts).toHaveLength(1)
    expect(drifts[0]!.at - started).toBeGreaterThanOrEqual(350)
  })

  it('replays a step whose model saw a screen still changing, on the screen its answer met', async () => {
    // Recorded under load: the loop's frame after each click caught the page mid-change (`page 9`,
    // then `page 8`: never the frame the click was decided on); by the time the model answered, the
    // page was drawn.
    const fading = gridScreen()
    let n = 0
    let caught = false
    const capture = fading.capture.bind(fading)
    fading.onPerform = (_a, self) => {
      n++
      self.content = `page ${10 - n}`
      caught = false
    }
    fading.capture = async () => {
      if (fading.content === `page ${10 - n}` && caught) fading.content = `page ${n}`
      caught = true
      return capture()
    }
    const live = new ScriptedModel([click(1), click(2), done], [{ answer: 'YES', evidence: 'seen' }])
    const recorder = watching('record', [], fading, 1000, () => live)
    expect((await run(recorder, fading, 'done?')).status).toBe('passed')
    const [agent] = recorder.calls
    if (agent?.kind !== 'agent') throw new Error('no agent call recorded')
    expect(agent.steps.map((step) => step.answeredOn !== undefined)).toEqual([false, true, true])
    // A replay on a machine that draws at once never shows those.
    const s = gridScreen()
    const replay = watching('replay', recorder.calls, s, 300)
    const result = await run(replay, s, 'done?')
    expect(result.status, result.reason).toBe('passed')
    expect(replay.stats).toMatchObject({ replayedSteps: 3, liveSteps: 0 })
    expect(result.run.steps[1]?.notes?.join()).toMatch(/matched the screen the recorded answer met/)
  })

  it('in auto mode hands the latest frame to the live model once the bound is spent', async () => {
    const calls = await record()
    const s = laggingScreen(60_000)
    const live = new ScriptedModel([done])
    const model = watching('auto', calls, s, 200, () => live)
    expect((await run(model, s)).status).toBe('passed')
    expect(live.turns).toHaveLength(1)
    expect(new TextDecoder().decode(await live.turns[0]!.frame.png())).toBe('page 9')
  })
})

describe('CassetteModel reading the screen a verdict or a query was made on', () => {
  /** One grid for every content (the grid cannot tell these screens apart); the words are the content's. */
  function countScreen(content: string) {
    const s = new FakeScreen()
    s.content = content
    const shown = new Map<string, string>()
    const capture = s.capture.bind(s)
    s.capture = async () => {
      const frame = { ...(await capture()), phash: gridPhash(1) }
      shown.set(frame.hash, s.content)
      return frame
    }
    const readScreen = async (frame: Frame) => shown.get(frame.hash)!
    return { s, readScreen }
  }
  const model = (mode: CassetteMode, recorded: readonly CassetteCall[], live: () => Model, { s, readScreen }: ReturnType<typeof countScreen>) =>
    new CassetteModel({ mode, recorded, live, id: 'scripted', readScreen, watch: { screen: s, timeoutMs: 300, intervalMs: 20 } })

  async function recorded(): Promise<CassetteCall[]> {
    const screen = countScreen('Tally Count: 1')
    const rec = model('record', [], () => new ScriptedModel([], [{ answer: 'YES', evidence: 'Count: 1 shows' }]), screen)
    expect(await rec.verify('Does it show Count: 1?', await screen.s.capture())).toMatchObject({ answer: 'YES' })
    return rec.calls
  }

  it('records the words the screen showed beside the verdict, and replays on a screen showing them in any order', async () => {
    const calls = await recorded()
    expect(calls[0]).toMatchObject({ kind: 'verify', screenText: 'Tally Count: 1' })
    const screen = countScreen('Count: 1 Tally')
    const replay = model('replay', calls, noModel, screen)
    expect(await replay.verify('Does it show Count: 1?', await screen.s.capture())).toMatchObject({ answer: 'YES' })
    expect(replay.stats.replayedVerdicts).toBe(1)
  })

  it("is replay_drift on a screen the grid cannot tell apart whose words differ, naming them: a broken build's count never replays a YES", async () => {
    const screen = countScreen('Tally Count: 0')
    const replay = model('replay', await recorded(), noModel, screen)
    await expect(replay.verify('Does it show Count: 1?', await screen.s.capture())).rejects.toThrow(
      /replay_drift: "Does it show Count: 1\?": the screen looked the way it did when it was judged, but its text differs: it showed "1" where the screen now shows "0"/,
    )
  })

  it('asks the live model in auto mode, and replays once the screen comes to show the recorded words within the bound', async () => {
    const calls = await recorded()
    const wrong = countScreen('Tally Count: 0')
    const live = new ScriptedModel([], [{ answer: 'NO', evidence: 'Count: 0' }])
    const auto = model('auto', calls, () => live, wrong)
    expect(await auto.verify('Does it show Count: 1?', await wrong.s.capture())).toMatchObject({ answer: 'NO' })
    expect(auto.stats).toMatchObject({ replayedVerdicts: 0, liveVerdicts: 1 })
    const late = countScreen('Tally Count: 0')
    setTimeout(() => (late.s.content = 'Tally Count: 1'), 60)
    const replay = model('replay', calls, noModel, late)
    expect(await replay.verify('Does it show Count: 1?', await late.s.capture())).toMatchObject({ answer: 'YES' })
  })

  it('replays a recording made before screens were read on the grid alone', async () => {
    const { screenText: _, ...old } = (await recorded())[0] as Extract<CassetteCall, { kind: 'verify' }>
    const screen = countScreen('Tally Count: 0')
    expect(await model('replay', [old], noModel, screen).verify('Does it show Count: 1?', await screen.s.capture())).toMatchObject({ answer: 'YES' })
  })
})
