// `agentprobe history --csv`: one line per run, for a spreadsheet (RFC 4180 quoting).
import type { HistoryRun } from '../core/history.ts'

const COLUMNS = [
  'id', 'startedAt', 'test', 'file', 'project', 'target', 'browser', 'model', 'source', 'outcome', 'failureTypes', 'steps', 'tokens', 'costUsd',
  'modelMs', 'harnessMs', 'score', 'commit', 'branch', 'build', 'ciJob', 'shard', 'artifactsDir', 'gif', 'error',
] as const satisfies readonly (keyof HistoryRun)[]

export function runsCsv(runs: readonly HistoryRun[]): string {
  const cell = (value: unknown): string => {
    const text = Array.isArray(value) ? value.join(' ') : value === undefined ? '' : String(value)
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  return [COLUMNS.join(','), ...runs.map((r) => COLUMNS.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n'
}
