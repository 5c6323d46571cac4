// `agentprobe history` in a terminal: the tests (flaky first), failure types, cost by day, step
// latency, the slowest tests, replay drift and the models, from the same summary as the History view.
import type { HistorySummary } from '../core/history-stats.ts'
import { failureCountsText, fmt } from './format.ts'

/** `empty` is said instead of the tables when no run is there (by default: none recorded yet). */
export function renderHistoryText(s: HistorySummary, heading: string, empty = 'No runs recorded yet: run the computer-use tests, then look again.'): string {
  const lines = [heading, '']
  if (s.runs === 0) return [...lines, empty].join('\n')
  lines.push(
    textTable(
      ['test', 'runs', 'passed', 'failed', 'flaky'],
      s.tests.map((t) => [t.key, String(t.runs), String(t.passed), String(t.failed), t.flaky ? `FLAKY: ${t.flakyWhy}` : '']),
    ),
    '',
    `Failure types: ${[failureCountsText(s.failureCounts), s.untypedFailures && `${s.untypedFailures} failed run${s.untypedFailures === 1 ? '' : 's'} with none (the test's own expect or error)`].filter(Boolean).join(' · ') || 'none'}`,
    `Cost by day: ${s.days.map((d) => `${d.day} ${fmt.usd(d.costUsd)} (${d.runs} run${d.runs === 1 ? '' : 's'})`).join(' · ')}`,
    `Step time: p50 ${fmt.ms(s.stepP50Ms)}, p90 ${fmt.ms(s.stepP90Ms)}`,
    `Slowest: ${s.slowest.slice(0, 5).map((t) => `${t.key} ${fmt.ms(t.meanMs)}`).join(' · ')}`,
    `Replay drift: ${s.replayedRuns ? `${fmt.percent(s.replayDriftRate)} of ${s.replayedRuns} replayed run${s.replayedRuns === 1 ? '' : 's'}` : 'no replayed runs'}`,
    '',
    textTable(
      ['model', 'runs', 'pass rate', 'mean score', 'cost', 'step p50', 'step p90'],
      s.models.map((m) => [m.model, String(m.runs), fmt.percent(m.passRate), fmt.score(m.meanScore), fmt.usd(m.costUsd), fmt.ms(m.stepP50Ms), fmt.ms(m.stepP90Ms)]),
    ),
  )
  return lines.join('\n')
}

/** Columns padded to their widest cell; the first column is cut at 60 characters. */
export function textTable(head: string[], rows: string[][]): string {
  const cut = (c: string, i: number) => (i === 0 && c.length > 60 ? `${c.slice(0, 59)}…` : c)
  const all = [head, ...rows].map((r) => r.map(cut))
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)))
  return all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n')
}
