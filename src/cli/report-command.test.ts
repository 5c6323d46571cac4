import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ZERO_USAGE } from '../core/model.ts'
import type { Trace } from '../core/trace.ts'
import { SqliteHistoryStore } from '../history/sqlite-store.ts'
import { historyRun } from '../testing/history-runs.ts'
import { reportCommand } from './report-command.ts'

it('rebuilds the report with the History view of the folder it runs in, and without one where nothing was recorded', async () => {
  const cwd = await mkdtemp(join(tmpdir(), 'agentprobe-report-cli-'))
  const trace: Trace = {
    schema: 'agentprobe.trace/1', test: { name: 't' }, model: 'offline', target: { kind: 'x11', width: 10, height: 10 }, versions: {}, status: 'passed',
    runs: [{ kind: 'verify', status: 'passed', steps: [], failures: [], usage: { ...ZERO_USAGE }, startedAt: new Date().toISOString() }], frames: [], startedAt: new Date().toISOString(),
  }
  await mkdir(join(cwd, 'artifacts', 't'), { recursive: true })
  await writeFile(join(cwd, 'artifacts', 't', 'trace.json'), JSON.stringify(trace))
  const log = () => undefined

  await reportCommand([], {}, log, cwd)
  expect(await readFile(join(cwd, 'artifacts/report/index.html'), 'utf8')).not.toContain('id="view-history"')

  const store = await SqliteHistoryStore.open(join(cwd, '.agentprobe', 'history.sqlite'))
  await store.add([historyRun('r1', new Date(Date.now() - 1000).toISOString()), historyRun('r2', new Date().toISOString(), { outcome: 'failed' })])
  await store.close()
  await reportCommand([], {}, log, cwd)
  const html = await readFile(join(cwd, 'artifacts/report/index.html'), 'utf8')
  expect(html).toMatch(/id="view-history"[\s\S]*passed \(r1\) and failed \(r2\)/)
  // The test turned red: its last green and first red run side by side, a page beside the report.
  expect(html).toContain('<a class="compare" href="compare-r1-r2.html"')
  expect(await readFile(join(cwd, 'artifacts/report/compare-r1-r2.html'), 'utf8')).toContain('r2')

  // A report whose history no longer turns red drops the old page.
  const again = await SqliteHistoryStore.open(join(cwd, '.agentprobe', 'history.sqlite'))
  await again.prune(new Date(Date.now() + 1000).toISOString())
  await again.close()
  await reportCommand([], {}, log, cwd)
  expect(existsSync(join(cwd, 'artifacts/report/compare-r1-r2.html'))).toBe(false)
})
