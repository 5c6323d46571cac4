// The fixture matrix (fixtures/extensions/<trait>/), each extension as a new user meets agentprobe:
// copy it into a fresh repo, `agentprobe init --extension ext`, then `vitest run` with the
// generated test file present twice (so the reset between files runs) and a hand-written agent.do
// test (test/extension-matrix/<trait>.cua.test.ts). Then watch mode on each: an edit under the
// extension folder reruns the tests, the extension reloaded in the same browser.
// Each row is its own Vitest process with one worker (one browser, reset between its three files);
// two rows run at a time, the machine's two cores. Watch mode runs the hand-written file alone.
import { execa } from 'execa'
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')
const handWritten = join(root, 'test/extension-matrix')
const TRAITS = [
  'no-permissions',
  'no-background',
  'no-icons',
  'flat-icon',
  'popup-only',
  'action-onclicked',
  'context-menu-sidepanel',
  'options-only',
  'content-script-only',
  'opens-tab-on-install',
  'fixed-key',
  'offscreen',
] as const
type Trait = (typeof TRAITS)[number]
const ROW_TIMEOUT = 600_000
/** Vitest's line at the end of each watch run: 'Waiting for file changes' when it passed, 'Tests failed. Watching for file changes' when not. */
const RUN_DONE = /(Waiting|Watching) for file changes/

/** At most two child suites at once: each runs an Xvfb, a Chromium and OCR. */
const slots = limit(2)
const started = performance.now()
const timings: string[] = []
afterAll(() => console.log(`extension matrix: ${timings.join(', ')}; all rows done after ${seconds(performance.now() - started)}`))

function env(): Record<string, string | undefined> {
  const { DISPLAY: _display, VITEST: _vitest, VITEST_MODE: _mode, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, NODE_ENV: _env, FORCE_COLOR: _color, ...rest } = process.env
  return { ...rest, npm_config_offline: 'true', NO_COLOR: '1', CI: '' }
}

/** A fresh repo as `npm init -y` leaves it, the trait's extension in ext/, agentprobe and vitest linked in. */
async function freshRepo(trait: Trait): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), `agentprobe-matrix-${trait}-`))
  await cp(join(root, 'fixtures/extensions', trait), join(repo, 'ext'), { recursive: true })
  const pkg = { name: `matrix-${trait}`, version: '1.0.0', type: 'commonjs', devDependencies: { agentprobe: `file:${root}`, vitest: '^5.1.2' } }
  await writeFile(join(repo, 'package.json'), JSON.stringify(pkg, null, 2))
  await mkdir(join(repo, 'node_modules/.bin'), { recursive: true })
  await symlink(root, join(repo, 'node_modules/agentprobe'))
  await symlink(join(root, 'node_modules/vitest'), join(repo, 'node_modules/vitest'))
  await symlink('../vitest/vitest.mjs', join(repo, 'node_modules/.bin/vitest'))
  return repo
}

/** Runs `agentprobe init`, doubles the test file it wrote and adds the hand-written one; returns the repo. */
async function initRepo(trait: Trait): Promise<string> {
  const repo = await freshRepo(trait)
  const init = await execa(process.execPath, [bin, 'init', '--extension', 'ext'], { cwd: repo, env: env(), extendEnv: false, reject: false, all: true })
  expect(init.exitCode, `agentprobe init on ${trait}:\n${init.all}`).toBe(0)
  const generated = /created (\S+)\.cua\.test\.ts/.exec(init.stdout)?.[1]
  expect(generated, `agentprobe init on ${trait} wrote no *.cua.test.ts:\n${init.all}`).toBeDefined()
  const testDir = join(repo, generated!, '..')
  await cp(join(repo, `${generated}.cua.test.ts`), join(repo, `${generated}.again.cua.test.ts`))
  await cp(join(handWritten, `${trait}.cua.test.ts`), join(testDir, `${trait}.hand.cua.test.ts`))
  for (const helper of (await readdir(handWritten)).filter((f) => !f.endsWith('.cua.test.ts'))) await cp(join(handWritten, helper), join(testDir, helper))
  return repo
}

function vitest(repo: string, args: string[]) {
  return execa(process.execPath, [join(repo, 'node_modules/vitest/vitest.mjs'), ...args, '--maxWorkers=1'], { cwd: repo, env: env(), extendEnv: false, reject: false, all: true })
}

interface JsonResults {
  numTotalTests: number
  numPassedTests: number
  numFailedTests: number
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[]
}

/** The first failure of a child run: a failed test's message, a file's error, or the output's tail. */
function firstError(results: JsonResults | undefined, output: string): string {
  for (const file of results?.testResults ?? []) {
    const failed = file.assertionResults.find((a) => a.status === 'failed')
    if (failed) return `${failed.fullName}: ${failed.failureMessages[0]?.split('\n').slice(0, 12).join('\n')}`
    if (file.message) return `${file.name}: ${file.message.split('\n').slice(0, 12).join('\n')}`
  }
  return output.split('\n').slice(-40).join('\n')
}

describe.concurrent('extension matrix: init, its tests twice and an agent.do test pass', () => {
  for (const trait of TRAITS) {
    it(trait, async () => {
      const { repo, result, ms } = await slots(async () => {
        const t0 = performance.now()
        const repo = await initRepo(trait)
        const result = await vitest(repo, ['run', '--reporter=default', '--reporter=json', '--outputFile.json=results.json'])
        return { repo, result, ms: performance.now() - t0 }
      })
      timings.push(`${trait} ${seconds(ms)}`)
      const results = await readFile(join(repo, 'results.json'), 'utf8').then((t) => JSON.parse(t) as JsonResults, () => undefined)
      const summary = { exitCode: result.exitCode, failed: results?.numFailedTests, passed: results?.numPassedTests, total: results?.numTotalTests }
      expect(summary, `${trait} in ${repo}: ${firstError(results, result.all)}`).toEqual({ exitCode: 0, failed: 0, passed: summary.total, total: expect.any(Number) })
      expect(results!.numTotalTests).toBeGreaterThanOrEqual(3)
      await rm(repo, { recursive: true, force: true }) // a failing row's repo stays, for its artifacts
    }, ROW_TIMEOUT)
  }
})

describe.concurrent('watch mode on each: an edit under the extension reruns and passes, reloaded in place', () => {
  for (const trait of TRAITS) {
    it(trait, async () => {
      await slots(async () => {
        const repo = await initRepo(trait)
        // The hand-written file only: its rerun leases the same browser again, so the reset runs too.
        const child = vitest(repo, ['--watch', `${trait}.hand`])
        const output = watchOutput(child)
        try {
          const first = await output.next(RUN_DONE, `${trait}: the first watch run`)
          const before = /MATRIX-BUILD pid=(\d+) version=1\.0\.0/.exec(first)
          expect(before, `${trait}: the first watch run in ${repo} did not pass:\n${tail(first)}`).not.toBeNull()
          const manifest = join(repo, 'ext/manifest.json')
          await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('"version": "1.0.0"', '"version": "1.0.1"'))
          const rerun = await output.next(RUN_DONE, `${trait}: the rerun after editing ext/manifest.json`)
          const reload = /agentprobe: (\S+) changed, extension reloaded in (\d+) ms in (\d+) browser\(s\), no restart/.exec(rerun)
          expect(reload, `${trait}: no in-place reload after the edit:\n${tail(rerun)}`).not.toBeNull()
          expect(reload![1]).toBe('ext/manifest.json')
          expect(Number(reload![3])).toBeGreaterThanOrEqual(1)
          expect(rerun, `${trait}: the rerun failed:\n${tail(rerun)}`).toMatch(/Tests\s+\d+ passed \(\d+\)/)
          expect(rerun).not.toMatch(/Tests\s+.*\d+ failed/)
          expect(rerun, `${trait}: the rerun ran another build or another browser:\n${tail(rerun)}`).toContain(`MATRIX-BUILD pid=${before![1]} version=1.0.1`)
          timings.push(`${trait} watch reload ${reload![2]} ms`)
        } finally {
          child.kill('SIGTERM')
          await child
        }
        await rm(repo, { recursive: true, force: true })
      })
    }, ROW_TIMEOUT)
  }
})

/** Reads a watch process's output one run at a time: `next(pattern)` resolves with all output since the last call, up to the match. */
function watchOutput(child: ReturnType<typeof vitest>) {
  let buffer = ''
  let waiter: (() => void) | undefined
  child.all.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    waiter?.()
  })
  return {
    next(pattern: RegExp, what: string, timeoutMs = 240_000): Promise<string> {
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`${what}: timed out after ${timeoutMs} ms waiting for ${pattern}; output:\n${tail(buffer)}`)), timeoutMs)
        const check = () => {
          const match = pattern.exec(buffer)
          if (!match) return
          clearTimeout(timer)
          waiter = undefined
          const upTo = match.index + match[0].length
          const seen = buffer.slice(0, upTo)
          buffer = buffer.slice(upTo)
          done(seen)
        }
        waiter = check
        check()
      })
    },
  }
}

/** A queue that runs at most `n` tasks at once. */
function limit(n: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < n) running += 1
    else await new Promise<void>((go) => waiting.push(go)) // the finishing task hands its place over
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}

const tail = (text: string) => text.split('\n').slice(-40).join('\n')
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
