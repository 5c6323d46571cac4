import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TargetError } from '../core/errors.ts'
import type { Decision } from '../core/model.ts'
import { TraceWriter } from '../report/trace-writer.ts'
import { FakeScreen } from '../testing/fake-screen.ts'
import { ScriptedModel, type ScriptedDecision, type ScriptedVerdict } from '../testing/scripted-model.ts'
import { runAgent } from './run-agent.ts'
import type { AgentOptions } from './options.ts'

const click = (x: number, y: number): Decision => ({ status: 'continue', actions: [{ type: 'click', x, y, button: 'left' }] })
const passed: Decision = { status: 'passed', actions: [], text: 'TEST_PASSED: done' }

async function run(decisions: ScriptedDecision[], options: AgentOptions = {}, verdicts: ScriptedVerdict[] = [], screen = new FakeScreen()) {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-loop-'))
  const sink = new TraceWriter({ dir, test: { name: 't' }, model: 'scripted', target: { kind: 'fake', ...screen.size } })
  const model = new ScriptedModel(decisions, verdicts)
  const result = await runAgent({ screen, model, sink }, 'do the thing', options)
  const trace = JSON.parse(await readFile(join(dir, 'trace.json'), 'utf8'))
  return { result, trace, dir, screen, model, types: result.run.failures.map((f) => f.type) }
}

describe('runAgent', () => {
  it('performs the actions, then passes when the model does, recording every step on disk', async () => {
    const screen = new FakeScreen()
    screen.onPerform = (_a, s) => { s.content += '+' }
    const { result, trace, dir } = await run([click(10, 10), click(20, 20), passed], {}, [], screen)
    expect(result.status).toBe('passed')
    expect(screen.performed).toHaveLength(2)
    expect(trace.runs[0].steps).toHaveLength(3)
    expect(trace.runs[0].status).toBe('passed')
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['step-01.png', 'step-02.png', 'step-03.png', 'trace.json']))
  })

  it("fails with the model's reason on TEST_FAILED", async () => {
    const { result, types } = await run([{ status: 'failed', actions: [], text: "no 'Save' button" }])
    expect(result.status).toBe('failed')
    expect(result.reason).toBe("no 'Save' button")
    expect(types).toEqual(['agent_reported_failure'])
  })

  it('stops at maxSteps with max_steps_exceeded', async () => {
    const screen = new FakeScreen()
    let n = 0
    screen.onPerform = (_a, s) => { s.content = String(n++) }
    const { result, types } = await run([(t) => click(t.step, 1)], { maxSteps: 3 }, [], screen)
    expect(result.status).toBe('failed')
    expect(result.run.steps).toHaveLength(3)
    expect(types).toEqual(['max_steps_exceeded'])
  })

  it('records out_of_bounds and clamps the click into the screen', async () => {
    const { screen, types } = await run([click(500, 50), passed])
    expect(types).toContain('out_of_bounds')
    expect(screen.performed[0]).toMatchObject({ x: 199, y: 50 })
  })

  it('tags repeated_action and no_progress when the agent clicks the same spot on a frozen screen', async () => {
    const { types } = await run([click(5, 5)], { maxSteps: 5 })
    expect(types).toContain('repeated_action')
    expect(types).toContain('no_progress')
  })

  it('shows the model the screen a late click drew, not the one the click was decided on', async () => {
    // A loaded machine: settle saw no reaction, and the click is drawn 400 ms after it.
    const screen = new FakeScreen()
    screen.onPerform = (_a, s) => void setTimeout(() => (s.content = 'prompt closed'), 400)
    const seen: string[] = []
    const { result } = await run([async (t) => (seen.push(new TextDecoder().decode(await t.frame.png())), t.step === 1 ? click(5, 5) : passed)], {}, [], screen)
    expect(result.status).toBe('passed')
    expect(seen).toEqual(['initial', 'prompt closed'])
    expect(result.run.steps[1]?.notes?.[0]).toMatch(/the screen had not changed since step 1's actions when settled; it did \d+ ms after this step began/)
  })

  it('takes the first frame once the screen has settled: a page opened just before may still be drawing', async () => {
    const screen = new FakeScreen()
    screen.content = 'page loaded, not drawn'
    screen.settle = async () => ((screen.content = 'page drawn'), { stable: true, waitedMs: 120 })
    const seen: string[] = []
    await run([async (t) => (seen.push(new TextDecoder().decode(await t.frame.png())), passed)], {}, [], screen)
    expect(seen).toEqual(['page drawn'])
  })

  it('verifies a claimed success cold and tags false_success on a NO that holds on a second look', async () => {
    const no = { answer: 'NO' as const, evidence: "'Done' not found" }
    const { result, types, model } = await run([passed], { verify: "Is 'Done' shown?" }, [no, no])
    expect(model.questions).toEqual(["Is 'Done' shown?", "Is 'Done' shown?"])
    expect(result.status).toBe('failed')
    expect(types).toEqual(['false_success'])
    expect(result.reason).toMatch(/'Done' not found/)
  })

  it('fails as verifier_error when the verification call throws', async () => {
    const { result, types } = await run([passed], { verify: 'q?' }, [new Error('401 bad key')])
    expect(result.status).toBe('failed')
    expect(types).toEqual(['verifier_error'])
    expect(result.reason).toMatch(/401 bad key/)
  })

  it('passes only on YES', async () => {
    const { result } = await run([passed], { verify: 'q?' }, [{ answer: 'YES', evidence: 'seen' }])
    expect(result.status).toBe('passed')
    expect(result.verification).toMatchObject({ passed: true, answer: 'YES' })
  })

  it('turns a throwing model into provider_error, with the trace still written', async () => {
    const { result, types, trace } = await run([() => { throw new Error('503 upstream') }])
    expect(types).toEqual(['provider_error'])
    expect(result.reason).toMatch(/503 upstream/)
    expect(trace.runs[0].status).toBe('failed')
  })

  it('fails as target_crashed when the target signal aborts', async () => {
    const crash = new AbortController()
    const screen = new FakeScreen()
    screen.onPerform = () => {
      crash.abort(new TargetError('Chromium exited', { code: 'AGENTPROBE_TARGET_CRASHED' }))
      throw new Error('xdotool: display gone')
    }
    const { result, types } = await run([click(1, 1), passed], { signal: crash.signal }, [], screen)
    expect(result.status).toBe('failed')
    expect(types).toContain('target_crashed')
  })

  it('records blank_frame on a uniform frame', async () => {
    const screen = new FakeScreen()
    screen.blank = true
    const { types } = await run([passed], {}, [], screen)
    expect(types).toContain('blank_frame')
  })

  it('keeps typed secrets out of the trace', async () => {
    const secret = 'hunter2-very-secret'
    const { dir } = await run([
      { status: 'continue', actions: [{ type: 'type', text: secret, secret: true }], text: `typing ${secret}` },
      passed,
    ])
    const text = await readFile(join(dir, 'trace.json'), 'utf8')
    expect(text).not.toContain(secret)
    expect(text).toContain('•••')
  })

  it('spends no more than the token budget', async () => {
    const costly: Decision = { ...click(1, 1), usage: { inputTokens: 600, outputTokens: 10 } }
    const { types, result } = await run([costly], { maxTokens: 1000 })
    expect(types.at(-1)).toBe('budget_exceeded')
    expect(result.run.steps).toHaveLength(2)
  })
})
