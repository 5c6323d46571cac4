// However a watch session ends — a closed terminal (SIGHUP), a kill (SIGTERM), Ctrl-C sent as a
// signal (SIGINT), `q` typed in its terminal — nothing it started is left running: no Xvfb, no
// Chromium, no profile folder.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { root, watchPoolProject } from './watch-vitest.ts'

interface Proc {
  pid: number
  pgid: number
  state: string
  cmdline: string
}

async function processes(): Promise<Proc[]> {
  const found: Proc[] = []
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const [stat, cmdline] = await Promise.all([readFile(`/proc/${name}/stat`, 'utf8'), readFile(`/proc/${name}/cmdline`, 'utf8')]).catch(() => [])
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (fields && cmdline !== undefined) found.push({ pid: Number(name), state: fields[0]!, pgid: Number(fields[2]), cmdline: cmdline.replaceAll('\0', ' ') })
  }
  return found
}

/** Running processes (a zombie is dead: pid 1 may reap late) that name `dir`, or are in the process group of one that does and leads it (Chromium's renderers). */
async function startedIn(dir: string, groups = new Set<number>()): Promise<{ procs: Proc[]; groups: Set<number> }> {
  const all = (await processes()).filter((p) => p.state !== 'Z' && p.state !== 'X')
  for (const p of all) if (p.cmdline.includes(dir) && p.pid === p.pgid) groups.add(p.pgid)
  return { procs: all.filter((p) => p.cmdline.includes(dir) || groups.has(p.pgid)), groups }
}

// SIGINT takes vitest's own path, as SIGTERM does (its handler exits): the reaper's unit test covers it, and so saves 15 s here.
it.each(['SIGHUP', 'SIGTERM', 'q'] as const)('%s to a watching vitest leaves no Xvfb, Chromium or profile behind', async (signal) => {
  // A TMPDIR of its own: Xvfb's -fbdir and Chromium's --user-data-dir name it, so its processes are findable.
  const tmp = await mkdtemp(join(tmpdir(), 'agentprobe-watch-exit-'))
  const env = { POOL_EXTENSION: join(root, 'fixtures/extensions/sidepanel'), POOL_ARTIFACTS: join(tmp, 'artifacts'), TMPDIR: tmp }
  const { vitest, waitFor } = watchPoolProject('panel', env, { terminal: signal === 'q' })
  try {
    await waitFor(/WATCH-RESULT pid=\d+/)
    await waitFor(/Waiting for file changes/)
    const before = await startedIn(tmp)
    expect(before.procs.some((p) => /(^|\/)Xvfb /.test(p.cmdline)), 'an Xvfb of this run').toBe(true)
    expect(before.procs.some((p) => /chrom/i.test(p.cmdline) && p.cmdline.includes('--user-data-dir=')), 'a Chromium of this run').toBe(true)
    const sent = performance.now()
    if (signal === 'q') vitest.stdin.write('q')
    else vitest.kill(signal)
    let left = before.procs
    while (left.length > 0 && performance.now() - sent < 5000) {
      await new Promise((r) => setTimeout(r, 25))
      left = (await startedIn(tmp, before.groups)).procs
    }
    const ms = Math.round(performance.now() - sent)
    expect(left.map((p) => `${p.pid} ${p.cmdline.slice(0, 120)}`)).toEqual([])
    await vitest
    expect((await readdir(tmp)).filter((name) => /^agentprobe-(xvfb|chrome)-/.test(name))).toEqual([])
    console.log(`${signal}: ${before.procs.length} processes of the run gone ${ms} ms after the signal`)
  } finally {
    vitest.kill('SIGKILL')
    await vitest
    await rm(tmp, { recursive: true, force: true })
  }
})
