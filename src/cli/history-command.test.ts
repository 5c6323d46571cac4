import { mkdtemp, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SqliteHistoryStore } from '../history/sqlite-store.ts'
import { historyRun } from '../testing/history-runs.ts'
import { historyCommand } from './history-command.ts'

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

async function storeWith(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-history-cli-'))
  const path = join(dir, 'history.sqlite')
  const store = await SqliteHistoryStore.open(path)
  await writeFile(join(dir, 'old.gif'), 'GIF89a')
  await store.add([
    historyRun('r1', ago(100), { outcome: 'failed', gif: join(dir, 'old.gif') }),
    historyRun('r2', ago(3)),
    historyRun('r3', ago(2), { outcome: 'failed', failureTypes: ['false_success'] }),
    historyRun('r4', ago(1), { test: 'steady', model: 'openai/x' }),
  ])
  await store.close()
  return path
}

const run = async (args: string[], cwd?: string) => {
  const lines: string[] = []
  const code = await historyCommand(args, {}, (l) => lines.push(l), cwd)
  return { code, out: lines.join('\n') }
}

describe('agentprobe history', () => {
  it('--json: runs newest first within 30 days, tests with the flaky one flagged', async () => {
    const path = await storeWith()
    const { code, out } = await run(['--json', '--store', path])
    expect(code).toBe(0)
    const json = JSON.parse(out) as { runs: { id: string }[]; tests: { test: string; flaky: boolean; runs: number }[]; store: string }
    expect(json.store).toBe(path)
    expect(json.runs.map((r) => r.id)).toEqual(['r4', 'r3', 'r2'])
    expect(json.tests.map((t) => [t.test, t.runs, t.flaky])).toEqual([['opens the popup', 2, true], ['steady', 1, false]])
  })

  it('filters by --since, --test and --model; --csv prints a line per run', async () => {
    const path = await storeWith()
    expect(JSON.parse((await run(['--json', '--store', path, '--since', '365d', '--model', 'offline'])).out).runs).toHaveLength(3)
    expect(JSON.parse((await run(['--json', '--store', path, '--test', 'STEADY'])).out).runs).toHaveLength(1)
    expect((await run(['--csv', '--store', path])).out.split('\r\n')).toHaveLength(4)
  })

  it('prints the flaky test and the failure types as text', async () => {
    const { out } = await run(['--store', await storeWith()])
    expect(out).toMatch(/^agentprobe history: 3 runs of 2 tests since /)
    expect(out).toMatch(/popup\.cua\.test\.ts › opens the popup\s+2\s+1\s+1\s+FLAKY: passed \(r2\) and failed \(r3\)/)
    expect(out).toContain('Failure types: false_success\n')
  })

  it('counts failed runs that no failure type names beside the types', async () => {
    const path = await storeWith()
    const store = await SqliteHistoryStore.open(path)
    await store.add([historyRun('r5', ago(1), { test: 'checked by an expect', outcome: 'failed', error: "expected the screen to verify: Does it show 'Saved'?" })])
    await store.close()
    expect((await run(['--store', path])).out).toContain("Failure types: false_success · 1 failed run with none (the test's own expect or error)\n")
  })

  it('prune --keep deletes older runs and their kept GIFs', async () => {
    const path = await storeWith()
    const { code, out } = await run(['prune', '--keep', '90d', '--store', path])
    expect([code, out]).toEqual([0, expect.stringMatching(/^agentprobe history: pruned 1 run started before \d{4}-\d\d-\d\d from /)])
    expect(existsSync(join(path, '..', 'old.gif'))).toBe(false)
    expect(JSON.parse((await run(['--json', '--store', path, '--since', '365d'])).out).runs).toHaveLength(3)
  })

  it('reads a project that has recorded nothing as empty, without making a file; a --store that is not there is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-history-cli-'))
    expect((await run([], dir)).out).toContain('No runs recorded yet')
    expect(JSON.parse((await run(['--json'], dir)).out)).toMatchObject({ runs: [], tests: [] })
    expect((await run(['prune', '--keep', '90d'], dir)).out).toMatch(/pruned 0 runs/)
    expect(existsSync(join(dir, '.agentprobe'))).toBe(false)
    await expect(run(['--store', join(dir, 'histroy.sqlite')], dir)).rejects.toThrow(/--store \S+histroy\.sqlite does not exist/)
    expect(existsSync(join(dir, 'histroy.sqlite'))).toBe(false)
  })

  it('names the store that does not open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-history-cli-'))
    await writeFile(join(dir, 'notes.sqlite'), 'not a database, but a text file of notes '.repeat(100))
    await expect(run(['--store', join(dir, 'notes.sqlite')])).rejects.toThrow(/agentprobe history: cannot open the history in \S+notes\.sqlite \(.+\)/)
  })

  it('says when the filters match nothing, rather than that nothing is recorded', async () => {
    const { out } = await run(['--store', await storeWith(), '--model', 'nope'])
    expect(out).toMatch(/^agentprobe history: 0 runs of 0 tests/)
    expect(out).toContain('No runs match --model nope')
    expect(out).not.toContain('recorded yet')
  })

  it('names the flag that is wrong', async () => {
    const path = await storeWith()
    await expect(run(['--json', '--csv', '--store', path])).rejects.toThrow(/--json and --csv/)
    await expect(run(['prune', '--store', path])).rejects.toThrow(/--keep SPAN is required/)
    await expect(run(['--since', 'last week', '--store', path])).rejects.toThrow(/--since must be a span/)
    await expect(run(['show', '--store', path])).rejects.toThrow(/the one subcommand is prune/)
  })
})
