// History records for tests: a plain passed run of one step, changed by what a test cares about.
import type { HistoryRun, HistoryStep } from '../core/history.ts'

export function historyStep(o: Partial<HistoryStep> = {}): HistoryStep {
  return { index: 1, call: 1, kind: 'agent', ask: 'Open the popup.', actions: ['click'], actionText: 'click (10, 20)', status: 'passed', failureTypes: [], frameHash: 'f1', modelMs: 800, harnessMs: 200, costUsd: 0.001, ...o }
}

export function historyRun(id: string, startedAt: string, o: Partial<HistoryRun> = {}): HistoryRun {
  return {
    id, startedAt, test: 'opens the popup', file: 'popup.cua.test.ts', target: 'browser', browser: 'chromium', model: 'offline', source: 'live', outcome: 'passed',
    failureTypes: [], steps: 1, tokens: 0, costUsd: 0.001, modelMs: 800, harnessMs: 1200, score: 1, commit: 'c1', build: 'b1', stepList: [historyStep()], ...o,
  }
}
