import { execa } from 'execa'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const reaper = pathToFileURL(join(import.meta.dirname, 'child-reaper.ts')).href

/** A node process that starts a `sleep` (and a `sleep` leading its own group) under the reaper, prints their pids, then idles. */
function parent(extra = '') {
  const dir = mkdtempSync(join(tmpdir(), 'agentprobe-reaper-'))
  const script = `
    import { spawn } from 'node:child_process'
    import { reapOnExit } from '${reaper}'
    ${extra}
    const one = spawn('sleep', ['300'], { stdio: 'ignore' })
    const group = spawn('sleep', ['301'], { stdio: 'ignore', detached: true })
    reapOnExit({ pid: one.pid, dir: ${JSON.stringify(dir)} })
    reapOnExit({ pid: group.pid, group: true })
    console.log(one.pid + ' ' + group.pid)
    setInterval(() => {}, 1000)`
  const child = execa('node', ['--input-type=module', '-e', script], { reject: false, stdout: 'pipe' })
  const pids = new Promise<number[]>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(String(b).trim().split(' ').map(Number))))
  return { child, pids, dir }
}

/** Running: a zombie (killed, not yet reaped by pid 1) counts as gone. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

async function gone(pids: number[], withinMs = 3000): Promise<number> {
  const started = performance.now()
  while (pids.some(alive) && performance.now() - started < withinMs) await new Promise((r) => setTimeout(r, 20))
  expect(pids.filter(alive)).toEqual([])
  return performance.now() - started
}

describe('reapOnExit: children die with their parent, however it ends', () => {
  it.each(['SIGHUP', 'SIGTERM', 'SIGINT'] as const)('%s: killed at once, the folder removed, and the parent still dies of the signal', async (signal) => {
    const { child, pids, dir } = parent()
    const children = await pids
    child.kill(signal)
    expect((await child).signal).toBe(signal)
    await gone(children, 500)
    expect(existsSync(dir)).toBe(false)
  })

  it('a signal another listener handles is left to it (its exit code), the children killed first', async () => {
    const { child, pids } = parent(`process.on('SIGTERM', () => process.exit(7))`)
    const children = await pids
    child.kill('SIGTERM')
    expect((await child).exitCode).toBe(7)
    await gone(children, 500)
  })

  it('SIGKILL, which no handler sees: the watchdog kills them', async () => {
    const { child, pids } = parent()
    const children = await pids
    child.kill('SIGKILL')
    await child
    await gone(children)
  })
})
