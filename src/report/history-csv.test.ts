import { expect, it } from 'vitest'
import { historyRun } from '../testing/history-runs.ts'
import { runsCsv } from './history-csv.ts'

it('writes one line per run, quoting what a spreadsheet would split', () => {
  const csv = runsCsv([historyRun('r1', '2026-11-01T00:00:00.000Z', { test: 'saves, then "reloads"', failureTypes: ['no_progress', 'false_success'], outcome: 'failed' })])
  const [head, line] = csv.split('\r\n')
  expect(head!.split(',').slice(0, 4)).toEqual(['id', 'startedAt', 'test', 'file'])
  expect(line).toMatch(/^r1,2026-11-01T00:00:00\.000Z,"saves, then ""reloads""",popup\.cua\.test\.ts,,browser,chromium,offline,live,failed,no_progress false_success,/)
})

it("names each run's artifacts folder and its kept GIF", () => {
  const csv = runsCsv([historyRun('r1', '2026-11-01T00:00:00.000Z', { outcome: 'failed', artifactsDir: 'artifacts/popup/opens', gif: '.agentprobe/gifs/r1.gif', error: 'no popup' })])
  const [head, line] = csv.split('\r\n')
  expect(head!.split(',').slice(-3)).toEqual(['artifactsDir', 'gif', 'error'])
  expect(line!.split(',').slice(-3)).toEqual(['artifacts/popup/opens', '.agentprobe/gifs/r1.gif', 'no popup'])
})
