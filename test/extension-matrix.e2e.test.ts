// The fixture matrix (fixtures/extensions/<trait>/), each extension as a new user meets agentprobe:
// copy it into a fresh repo, `agentprobe init --extension ext`, then `vitest` in watch mode with the
// generated test file and a hand-written agent.do test (test/extension-matrix/<trait>.cua.test.ts)
// beside it, so the reset between files runs (it reloads the extension, for every row). Once that
// first run passes, an edit under the extension folder must rerun the tests, the extension reloaded
// in the same browser: checked on the rows whose reload differs (a worker or none, an offscreen
// document, a tab opened again by onInstalled), since the watcher is the same for all.
// (A popup with no icon, with one flat-colour icon, or with nothing else: toolbar-icon.e2e finds and
// clicks each icon kind in process, and init writes these the popup test no-permissions runs here.)
// Each row is its own Vitest process with one worker (one browser, reset between its two files);
// two rows run at a time, the machine's two cores. `vitest run`'s exit code is the main suite's own
// (the examples project) and the CLI tests'.
import { execa } from 'execa'
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { limit } from './limit.ts'
import { RUN_DONE, tail, watchOutput } from './watch-output.ts'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')
const handWritten = join(root, 'test/extension-matrix')
const TRAITS = [
  'no-permissions',
  'no-background',
  'action-onclicked',
  'context-menu-sidepanel',
  'options-only',
  'content-script-only',
  'opens-tab-on-install',
  'fixed-key',
  'offscreen',
] as const
type Trait = (typeof TRAITS)[number]
const RERUN: readonly Trait[] = ['no-permissions', 'no-background', 'offscreen', 'opens-tab-on-install']
const ROW_TIMEOUT = 600_000

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

/** Runs `agentprobe init` and adds the hand-written test beside the one it wrote; returns the repo. */
async function initRepo(trait: Trait): Promise<string> {
  const repo = await freshRepo(trait)
  const init = await execa(process.execPath, [bin, 'init', '--extension', 'ext'], { cwd: repo, env: env(), extendEnv: false, reject: false, all: true })
  expect(init.exitCode, `agentprobe init on ${trait}:\n${init.all}`).toBe(0)
  // A CommonJS package: the config init writes is an .mts, which Vite loads as ESM without a word.
  expect(init.stdout).toContain('created vitest.config.mts')
  const generated = /created (\S+)\.cua\.test\.ts/.exec(init.stdout)?.[1]
  expect(generated, `agentprobe init on ${trait} wrote no *.cua.test.ts:\n${init.all}`).toBeDefined()
  const testDir = join(repo, generated!, '..')
  await cp(join(handWritten, `${trait}.cua.test.ts`), join(testDir, `${trait}.hand.cua.test.ts`))
  for (const helper of (await readdir(handWritten)).filter((f) => !f.endsWith('.cua.test.ts'))) await cp(join(handWritten, helper), join(testDir, helper))
  return repo
}

function vitest(repo: string, args: string[]) {
  return execa(process.execPath, [join(repo, 'node_modules/vitest/vitest.mjs'), ...args, '--maxWorkers=1'], { cwd: repo, env: env(), extendEnv: false, reject: false, all: true })
}

describe.concurrent('extension matrix: init, its test and an agent.do test pass (and an edit reruns them in place)', () => {
  for (const trait of TRAITS) {
    it(trait, async () => {
      await slots(async () => {
        const t0 = performance.now()
        const repo = await initRepo(trait)
        // `vitest` as a developer keeps it open: the first run is the whole suite (the reset runs
        // between its two files), an edit under ext/ reruns it in the same browser.
        const child = vitest(repo, ['--watch'])
        const output = watchOutput(child)
        try {
          const first = await output.next(RUN_DONE, `${trait}: the first watch run`)
          expectAllPassed(first, `${trait}: the first run in ${repo}`)
          expect(first, `${trait}: Vite warned about the config's module syntax:\n${tail(first)}`).not.toMatch(/configLoader|ESM syntax in a file loaded as CommonJS/)
          const before = /MATRIX-BUILD pid=(\d+) version=1\.0\.0/.exec(first)
          expect(before, `${trait}: the hand-written test in ${repo} printed no build line:\n${tail(first)}`).not.toBeNull()
          const ran = performance.now()
          if (RERUN.includes(trait)) await expectRerunInPlace(trait, repo, output, before![1]!)
          timings.push(`${trait} ${seconds(ran - t0)}${RERUN.includes(trait) ? ` + rerun ${seconds(performance.now() - ran)}` : ''}`)
        } finally {
          child.kill('SIGTERM')
          await child
        }
        await rm(repo, { recursive: true, force: true }) // a failing row's repo stays, for its artifacts
      })
    }, ROW_TIMEOUT)
  }
})

/** Edits the manifest and expects the rerun it starts, the extension reloaded in the same browser. */
async function expectRerunInPlace(trait: Trait, repo: string, output: ReturnType<typeof watchOutput>, pid: string): Promise<void> {
  const manifest = join(repo, 'ext/manifest.json')
  await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('"version": "1.0.0"', '"version": "1.0.1"'))
  const rerun = await output.next(RUN_DONE, `${trait}: the rerun after editing ext/manifest.json`)
  const reload = /agentprobe: (\S+) changed, extension reloaded in (\d+) ms in (\d+) browser\(s\), no restart/.exec(rerun)
  expect(reload, `${trait}: no in-place reload after the edit:\n${tail(rerun)}`).not.toBeNull()
  expect(reload![1]).toBe('ext/manifest.json')
  expect(Number(reload![3])).toBeGreaterThanOrEqual(1)
  expectAllPassed(rerun, `${trait}: the rerun after the edit in ${repo}`)
  expect(rerun, `${trait}: the rerun ran another build or another browser:\n${tail(rerun)}`).toContain(`MATRIX-BUILD pid=${pid} version=1.0.1`)
}

/** One watch run's summary: every test passed, at least one in each of the two files. */
function expectAllPassed(run: string, what: string): void {
  const summary = /Tests\s+(.*)\((\d+)\)/.exec(run)
  expect(summary, `${what}: no test summary:\n${tail(run)}`).not.toBeNull()
  expect(summary![1]!.trim(), `${what} did not pass:\n${tail(run)}`).toBe(`${summary![2]} passed`)
  expect(Number(summary![2])).toBeGreaterThanOrEqual(2)
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
