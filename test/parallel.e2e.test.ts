// Two workers at once: each has its own display, DevTools port and browser (asserted from what the
// tests themselves saw), and both held their leases at the same time (each waits to see the other's mark);
// each worker has turned on Node's compile cache.
import { execa } from 'execa'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadExtensionDir } from '../src/targets/chrome/extension-dir.ts'
import { expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')

it('gives each worker its own display, port and browser', async () => {
  const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-parallel-'))
  const marks = await mkdtemp(join(tmpdir(), 'agentprobe-parallel-marks-'))
  const r = await execa('node', [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/pool-project/vitest.config.ts', '--maxWorkers=2', 'slot-'], {
    cwd: root,
    // (without this suite's compile cache: the workers turn Node's on themselves)
    env: { POOL_EXTENSION: join(root, 'fixtures/extensions/sidepanel'), POOL_ARTIFACTS: artifacts, POOL_MARKS: marks, NODE_COMPILE_CACHE: undefined },
    all: true,
    reject: false,
  })
  expect(r.exitCode, r.all).toBe(0)
  const leases = [...r.all.matchAll(/LEASE file=(\w) display=(:\d+) port=(\d+) pid=(\d+) start=(\d+) end=(\d+) compileCache=(\S+)/g)].map((m) => ({
    display: m[2], port: m[3], pid: m[4], start: Number(m[5]), end: Number(m[6]), compileCache: m[7],
  }))
  expect(leases).toHaveLength(2)
  const [a, b] = leases as [typeof leases[0], typeof leases[0]]
  expect(a.display).not.toBe(b.display)
  expect(a.port).not.toBe(b.port)
  expect(a.pid).not.toBe(b.pid)
  expect(Math.max(a.start, b.start)).toBeLessThan(Math.min(a.end, b.end))
  // Each worker loads agentprobe's modules from Node's compile cache (Node's own folder for it).
  for (const lease of leases) expect(lease.compileCache).toMatch(/node-compile-cache/)
})

it('with isolate: false one worker runs file after file, and the build one file extends to stays in that file', async () => {
  const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-reuse-'))
  const r = await execa('node', [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/pool-project/vitest.config.ts', '--maxWorkers=1', '--isolate=false', 'reuse-'], {
    cwd: root,
    env: { POOL_EXTENSION: join(root, 'fixtures/extensions/sidepanel'), POOL_ARTIFACTS: artifacts },
    all: true,
    reject: false,
  })
  expect(r.exitCode, r.all).toBe(0)
  const runs = Object.fromEntries([...r.all.matchAll(/REUSE file=(\w+) pid=(\d+) id=(\w+) at=(\d+)/g)].map((m) => [m[1], { pid: m[2], id: m[3], at: Number(m[4]) }]))
  const [own, project] = await Promise.all([loadExtensionDir(join(root, 'fixtures/extensions/shortcuts')), loadExtensionDir(join(root, 'fixtures/extensions/sidepanel'))])
  expect(runs.own?.id).toBe(own.id)
  expect(runs.default?.id, 'the file after the one that extended the extension ran on its build').toBe(project.id)
  expect(runs.own?.pid, 'both files ran in one worker').toBe(runs.default?.pid)
  // (the order that can leak: the pool project runs its files in name order)
  expect(runs.own!.at, r.all).toBeLessThan(runs.default!.at)
})
