import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { SqliteHistoryStore } from '../history/sqlite-store.ts'
import { historyRun } from '../testing/history-runs.ts'
import { checkHistory } from './history-check.ts'

it("says where runs are recorded, how many there are, and warns (never fails) when the store does not open", async () => {
  const cwd = await mkdtemp(join(tmpdir(), 'agentprobe-history-check-'))
  expect(await checkHistory(cwd, {})).toMatchObject({ status: 'ok', detail: expect.stringMatching(/history\.sqlite: no runs yet/) })
  expect(await checkHistory(cwd, { AGENTPROBE_HISTORY: 'off' })).toMatchObject({ status: 'skip' })
  const store = await SqliteHistoryStore.open(join(cwd, '.agentprobe', 'history.sqlite'))
  await store.add([historyRun('r1', new Date().toISOString())])
  await store.close()
  expect(await checkHistory(cwd, {})).toMatchObject({ status: 'ok', detail: expect.stringMatching(/: schema 2, 1 run in the last 30 days$/) })
  await writeFile(join(cwd, '.agentprobe', 'history.sqlite'), 'not a database')
  expect(await checkHistory(cwd, {})).toMatchObject({ status: 'warn', detail: expect.stringMatching(/does not open: /) })
  const pg = await checkHistory(cwd, { AGENTPROBE_HISTORY_URL: 'postgres://ci:hunter2@127.0.0.1:1/none' })
  expect(pg).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^postgres:\/\/ci@127\.0\.0\.1:1\/none does not open: /) })
  expect(JSON.stringify(pg)).not.toContain('hunter2')
})
