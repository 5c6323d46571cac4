import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { SqliteHistoryStore } from '../history/sqlite-store.ts'
import { historyRun, historyStep } from '../testing/history-runs.ts'
import { compareCommand } from './compare-command.ts'

it('prints two stored runs step by step, marks what differs, writes the page, and names a run it cannot find', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-compare-cli-'))
  const path = join(dir, 'history.sqlite')
  const store = await SqliteHistoryStore.open(path)
  const verdict = (answer: string) => historyStep({ index: 2, kind: 'verify', actions: [], actionText: undefined, verdict: answer, ask: 'Is it saved?' })
  await store.add([
    historyRun('green-1111', '2026-11-01T00:00:00.000Z', { stepList: [historyStep(), verdict('YES')] }),
    historyRun('red-2222', '2026-11-02T00:00:00.000Z', { outcome: 'failed', failureTypes: ['false_success'], stepList: [historyStep(), { ...verdict('NO'), status: 'failed', failureTypes: ['false_success'] }] }),
  ])
  await store.close()
  const lines: string[] = []
  expect(await compareCommand(['green', 'red', '--store', path, '--output-dir', join(dir, 'out')], {}, (l) => lines.push(l))).toBe(0)
  const text = lines.join('\n')
  expect(text).toMatch(/A green-1111.*│ B red-2222/)
  expect(text).toMatch(/≠step 2/)
  expect(text).not.toMatch(/≠step 1/)
  const page = /agentprobe compare: (\S+\.html)/.exec(text)![1]!
  expect(existsSync(page)).toBe(true)
  await expect(compareCommand(['green', 'blue', '--store', path], {}, () => undefined)).rejects.toThrow(/no run with id blue in /)
  await expect(compareCommand(['green', '--store', path], {}, () => undefined)).rejects.toThrow(/two run ids are required, got 1/)
})

it('says a project has recorded no runs yet, and makes no file by looking', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-compare-cli-'))
  await expect(compareCommand(['a', 'b'], {}, () => undefined, dir)).rejects.toThrow(/no runs recorded yet in \S+history\.sqlite/)
  expect(existsSync(join(dir, '.agentprobe'))).toBe(false)
})
