import { describe, expect, it } from 'vitest'
import { ZERO_USAGE } from './model.ts'
import { historyRecord } from './history.ts'
import { browserName } from './variant.ts'
import { traceSchema } from './trace.ts'

const trace = traceSchema.parse({
  schema: 'agentprobe.trace/1',
  test: { name: 'saves a note', file: 'notes.cua.test.ts' },
  model: 'openai/x',
  target: { kind: 'x11', width: 10, height: 10 },
  versions: { browser: 'Chromium 156.0', build: 'abc123' },
  status: 'failed',
  error: 'expected YES\n  at line 3',
  startedAt: '2026-11-30T10:00:00.000Z',
  durationMs: 5000,
  frames: [],
  cassette: { mode: 'auto', file: 'c.json', replayedSteps: 1, liveSteps: 1, replayedVerdicts: 0, liveVerdicts: 1, savedUsd: 0 },
  runs: [
    {
      kind: 'agent', instruction: 'Type the note.', status: 'passed', maxSteps: 6, startedAt: '2026-11-30T10:00:00.000Z', failures: [],
      usage: { ...ZERO_USAGE, inputTokens: 100, outputTokens: 10, costUsd: 0.02 },
      steps: [
        { step: 1, frame: 's1.png', frameHash: 'h1', actions: [{ type: 'click', x: 5, y: 6 }, { type: 'type', text: '•••', secret: true }], status: 'continue', usage: { ...ZERO_USAGE, costUsd: 0.01 }, timings: { captureMs: 10, modelMs: 900, actMs: 20, settleMs: 70 }, failures: [{ type: 'repeated_action', step: 1, message: 'x' }] },
        { step: 2, frame: 's2.png', frameHash: 'h2', actions: [], status: 'passed', usage: { ...ZERO_USAGE, costUsd: 0.01 }, timings: { captureMs: 10, modelMs: 600, actMs: 0, settleMs: 0 }, failures: [] },
      ],
    },
    {
      kind: 'verify', status: 'failed', startedAt: '2026-11-30T10:00:03.000Z', steps: [], failures: [{ type: 'false_success', message: 'y' }],
      usage: { ...ZERO_USAGE, inputTokens: 50, outputTokens: 5, costUsd: 0.005 },
      verification: { question: 'Is the note saved?', frameHash: 'h3', passed: false, answer: 'NO', evidence: 'empty list', usage: { ...ZERO_USAGE, costUsd: 0.005 }, ms: 400 },
    },
  ],
})

describe('historyRecord', () => {
  const r = historyRecord(trace, { id: 'run-1', commit: 'c0ffee', project: 'cua' })

  it('carries who, where and how it went', () => {
    expect(r).toMatchObject({
      id: 'run-1', test: 'saves a note', file: 'notes.cua.test.ts', target: 'browser', browser: 'chromium', model: 'openai/x', source: 'partly replayed',
      outcome: 'failed', steps: 2, tokens: 165, build: 'abc123', commit: 'c0ffee', project: 'cua', error: 'expected YES',
    })
    expect(r.costUsd).toBeCloseTo(0.025)
    expect(r.failureTypes.sort()).toEqual(['false_success', 'repeated_action'])
  })

  it('splits the time into the model calls and the harness', () => {
    expect(r.modelMs).toBe(1900)
    expect(r.harnessMs).toBe(3100)
  })

  it('keeps each step and the verdict, with the action kinds and the typed secret still masked', () => {
    expect(r.stepList.map((s) => [s.index, s.call, s.kind, s.actions.join('+'), s.status, s.verdict ?? '', s.failureTypes.join()])).toEqual([
      [1, 1, 'agent', 'click+type', 'continue', '', 'repeated_action'],
      [2, 1, 'agent', '', 'passed', '', ''],
      [3, 2, 'verify', '', 'failed', 'NO', 'false_success'],
    ])
    expect(r.stepList[0]!.actionText).toContain('•••')
    expect(r.stepList[0]!.harnessMs).toBe(100)
    expect(r.stepList[2]!.ask).toBe('Is the note saved?')
  })

  it('names the browser from its version string', () => {
    expect([browserName('HeadlessChrome/156'), browserName('Mozilla Firefox 153.8'), browserName(undefined)]).toEqual(['chromium', 'firefox', 'chromium'])
  })
})
