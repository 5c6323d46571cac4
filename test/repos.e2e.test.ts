// agentprobe added to repositories that already have a build, a config and unit tests
// (fixtures/repos: hand-written the way real extension repos are), as a user adds it: the packed
// tarball installed with the repo's own package manager, `agentprobe init`, then the repo's own
// test command. Their tests must give the same results as before, beside the generated
// computer-use tests, which must pass on the repo's real build.
import { execa } from 'execa'
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { limit } from './limit.ts'
import { RUN_DONE, tail, watchOutput } from './watch-output.ts'

const root = resolve(import.meta.dirname, '..')

/** How a repo's package manager runs a script, adds the tarball (installing the rest with it) and runs a binary. */
interface Manager {
  /** An install before adding, where adding alone does not install everything. */
  install?: string[]
  run: string[]
  add: string[]
  exec: string[]
  env?: Record<string, string>
}

const npm: Manager = { run: ['npm', 'run'], add: ['npm', 'install', '--save-dev'], exec: ['npx'] }
// At a workspace root pnpm adds a dependency only with -w, and installs only the root's then; it must
// not try to switch its own version.
const pnpmWorkspace: Manager = { install: ['pnpm', 'install'], run: ['pnpm', 'run'], add: ['pnpm', 'add', '-D', '-w'], exec: ['pnpm', 'exec'], env: { npm_config_manage_package_manager_versions: 'false' } }

interface Row {
  /** Folder under fixtures/repos. */
  repo: string
  pm: Manager
  /** Their test runner: with Jest, init leaves their config to their tests and writes the cua suite a config and a script of its own. */
  runner?: 'jest'
  /** The user's test count, as their own test command reports it (the fixture's, before agentprobe). */
  theirs: number
  /** The folder init should find the built extension in. */
  built: string
  /**
   * Also run init's case through `agentprobe run` with this repo's Vitest 4: cli.e2e runs the CLI
   * with this project's own Vitest 5, so one row is enough (a second cost 18 CPU-s).
   */
  cli?: true
  /**
   * Also keep the cua project open in watch mode across a rebuild (every build here empties its
   * folder first): WXT's, Vite's in a pnpm workspace and a script under Vitest 5's watcher. The
   * other two script builds do the same under Vitest 4, as WXT's row already runs it.
   */
  watch?: true
}

const ROWS: Row[] = [
  // Vitest 4, jsdom, a hand-written chrome mock in setupFiles, a narrow include, a 10 s timeout, esbuild.
  { repo: 'vitest4-jsdom', pm: npm, theirs: 6, built: './dist', cli: true },
  // Vitest 5 with projects already (Node and happy-dom with globals), a CommonJS package, build/.
  { repo: 'vitest5-projects', pm: npm, theirs: 2, built: './build', watch: true },
  // A pnpm workspace: Vitest 4 at the root with a project per package, the extension one of them (Vite into its dist/).
  { repo: 'pnpm-workspace', pm: pnpmWorkspace, theirs: 5, built: './packages/extension/dist', watch: true },
  // Plasmo's layout (package.json#manifest, build/chrome-mv3-prod) built by a script, Vitest 5 + happy-dom, mergeConfig.
  { repo: 'plasmo-style', pm: npm, theirs: 4, built: './build/chrome-mv3-prod' },
  // WXT from npm (built into .output/chrome-mv3), Vitest 4 with WxtVitest() and its fake browser already in the config.
  { repo: 'wxt-vitest', pm: npm, theirs: 3, built: './.output/chrome-mv3', watch: true },
  // Jest 29 under jsdom, a chrome mock in setupFiles, a narrow testMatch, a 5 s timeout, CommonJS, dist/.
  { repo: 'jest29-jsdom', pm: npm, runner: 'jest', theirs: 3, built: './dist' },
]

/** `detached`: the command leads a process group of its own, ended whole with `process.kill(-pid)`. */
function run(command: string, args: string[], cwd: string, { timeout = 300_000, extra = {}, detached = false }: { timeout?: number; extra?: Record<string, string>; detached?: boolean } = {}) {
  // (and no shared OCR cache: a repo's first run reads its screens with OCR, under its own config)
  const { DISPLAY: _d, VITEST: _v, VITEST_MODE: _m, VITEST_POOL_ID: _p, VITEST_WORKER_ID: _w, NODE_ENV: _e, FORCE_COLOR: _c, AGENTPROBE_CACHE_DIR: _o, ...env } = process.env
  // (packages already in the package manager's cache are taken from it without asking the registry
  // again: 21 s instead of 56 s for the tarball's install, the same packages installed)
  return execa(command, args, { cwd, reject: false, all: true, timeout, env: { ...env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_prefer_offline: 'true', ...extra }, extendEnv: false, detached })
}

// Vitest's "Tests  6 passed (6)" and Jest's "Tests:       3 passed, 3 total".
const passed = (output: string) => Number(/Tests:?\s+(\d+) passed/.exec(output)?.[1] ?? NaN)

let tarball = ''
/**
 * Two installs at a time rather than all six on two cores: this file alone, back to back, took 248
 * CPU-s in 128 s against 258 in 134 s (npm's share 116 against 125 CPU-s).
 */
const installs = limit(2)
beforeAll(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'agentprobe-pack-'))
  // (`npm test` built dist/ already: its prepare script would compile it again, 11 CPU-s)
  const pack = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', folder], root)
  expect(pack.exitCode, pack.all).toBe(0)
  tarball = join(folder, pack.stdout.trim().split('\n').pop()!)
}, 120_000)

describe.concurrent('agentprobe in a repository that already has its own build, config and tests', () => {
  it.each(ROWS)('$repo', async ({ repo, pm, runner, theirs, built, cli: throughCli, watch: inWatchMode }) => {
    const dir = join(await mkdtemp(join(tmpdir(), `agentprobe-repo-${repo}-`)), repo)
    await cp(join(root, 'fixtures/repos', repo), dir, { recursive: true })
    // Where a row's time goes, a line a step.
    const took = (what: string, started: number) => console.log(`${repo}: ${what} took ${((performance.now() - started) / 1000).toFixed(1)} s`)
    const step = async (what: string, [command, ...args]: string[]) => {
      const started = performance.now()
      const result = await run(command!, args, dir, { extra: pm.env })
      took(what, started)
      expect(result.exitCode, `${what} in ${dir}:\n${result.all}`).toBe(0)
      return result.all ?? ''
    }
    // Adding the tarball installs the repo's own dependencies with it (npm), and checks agentprobe's
    // peer ranges against their Vitest or Jest as `npm i -D agentprobe` would.
    await installs(async () => {
      if (pm.install) await step('install', pm.install)
      await step('adding agentprobe', [...pm.add, tarball])
    })
    await step('build', [...pm.run, 'build'])
    const config = (await readdir(dir)).find((file) => (runner === 'jest' ? /^jest\.config\./ : /^vitest\.config\./).test(file))!
    const configBefore = await readFile(join(dir, config), 'utf8')

    const init = await step('init', [...pm.exec, 'agentprobe', 'init'])
    if (runner === 'jest') return expectJestSetUp({ dir, init, config, configBefore, theirs, step: (what, args) => step(what, [...pm.run, ...args]) })
    // init edits the config in place and prints the diff, then names the command for the cua project
    expect(init).toContain(`edited  ${config}: added the agentprobe plugin`)
    // (a plugins key of its own, or the last of the plugins the config has: WxtVitest() in the WXT repo)
    const added = init.split('\n').filter((line) => /^\s*\+ /.test(line)).map((line) => line.trim().replace(/^\+\s+/, '+ '))
    expect(added.some((line) => line.endsWith(`agentprobe({ extension: '${built}' })],`) || line === `+ agentprobe({ extension: '${built}' }),`), init).toBe(true)
    expect(init).toMatch(/^then: npx vitest run --project cua/m)
    const configAfter = await readFile(join(dir, config), 'utf8')
    // Only the import, the plugin and the comment above it that names the build were added (an
    // array of plugins may be laid out one per line).
    const code = (text: string) => text.replace(/^.*agentprobe.*\n|^ *\/\/ .* is built by `.*\n/gm, '').replace(/\s+/g, '').replace(/,\]/g, ']')
    expect(code(configAfter)).toBe(code(configBefore))

    // Their own command runs their tests as before (same environment, mocks, timeouts) and the
    // generated computer-use tests in the cua project beside them.
    const after = await step('their tests after', [...pm.run, 'test'])
    const cua = [...after.matchAll(/^ +✓ +\|cua\| +\S+\.cua\.test\.ts \((\d+) tests?/gm)].reduce((sum, m) => sum + Number(m[1]), 0)
    expect(cua, after).toBeGreaterThan(0)
    expect(passed(after), after).toBe(theirs + cua)
    expect(after).not.toMatch(/\|cua\| .*\.test\.js|no project runs/)
    // The case init wrote, through the CLI with the repo's own Vitest (4 or 5), recorded in the
    // history beside the plugin's runs.
    if (throughCli) {
      const [caseFile] = (await readdir(join(dir, 'cases'))).filter((file) => file.endsWith('.yaml'))
      const cli = await step('agentprobe run', [...pm.exec, 'agentprobe', 'run', '--extension', built, '--case', `cases/${caseFile}`, '--output-dir', 'artifacts/cli'])
      expect(cli).toContain('1 passed, 0 failed')
      const [historyCommand, ...historyArgs] = [...pm.exec, 'agentprobe', 'history', '--json']
      const history = await run(historyCommand!, historyArgs, dir, { extra: pm.env })
      expect(history.exitCode, history.all).toBe(0)
      const { runs } = JSON.parse(history.stdout) as { runs: { file?: string; outcome: string; model: string; browser?: string }[] }
      expect(runs.filter((r) => r.file?.endsWith('.case.test.ts')).map((r) => [r.outcome, r.model, r.browser]), history.stdout).toEqual([['passed', 'offline', 'chromium']])
      const plugin = runs.filter((r) => r.file?.endsWith('.cua.test.ts'))
      expect(plugin.length, history.stdout).toBeGreaterThan(0)
      expect(plugin.filter((r) => r.outcome !== 'passed'), history.stdout).toEqual([])
    }
    if (!inWatchMode) return
    // The cua project alone, by name, in watch mode as a developer keeps it open beside the build:
    // the same tests and only those, then the build run again reruns them, the extension reloaded
    // in the same browser (WXT's and Vite's builds empty the folder first).
    const [command, ...args] = [...pm.exec, 'vitest', '--watch', '--project', 'cua']
    // (npx does not pass a SIGTERM on to vitest: the whole group is ended, as a terminal's Ctrl-C does)
    const watch = run(command!, args, dir, { timeout: 600_000, extra: { ...pm.env, CI: '' }, detached: true })
    const output = watchOutput(watch)
    try {
      const watching = performance.now()
      const first = await output.next(RUN_DONE, `${repo}: the cua project in watch mode`)
      took('the first watch run', watching)
      const files = [...first.matchAll(/^ +✓ +(?:\|cua\| +)?(\S+) \((\d+) tests?/gm)]
      expect(files.length, tail(first)).toBeGreaterThan(0)
      for (const [, file] of files) expect(file, tail(first)).toMatch(/\.cua\.test\.ts$/)
      expect(passed(first), tail(first)).toBe(cua)
      await step('the build again', [...pm.run, 'build'])
      const built = performance.now()
      const rerun = await output.next(RUN_DONE, `${repo}: the rerun after a rebuild`)
      const reload = /agentprobe: \S+ (?:and \d+ more file\(s\) )?changed, extension reloaded in (\d+) ms in 1 browser\(s\), no restart/.exec(rerun)
      expect(reload, tail(rerun)).not.toBeNull()
      console.log(`${repo}: the extension reloaded in ${reload![1]} ms; the cua tests reran and passed ${Math.round(performance.now() - built)} ms after the rebuild ended`)
      expect(passed(rerun), tail(rerun)).toBe(cua)
    } finally {
      process.kill(-watch.pid!, 'SIGINT')
      await watch
    }
  }, 900_000)
})

/**
 * A Jest repo: their config only learns to leave the *.cua.test.* files out, their `npm test` gives
 * the same count as before, and the computer-use suite passes through its own config and script.
 */
async function expectJestSetUp(o: { dir: string; init: string; config: string; configBefore: string; theirs: number; step: (what: string, args: string[]) => Promise<string> }): Promise<void> {
  expect(o.init).toContain(`edited  ${o.config}: its testPathIgnorePatterns leaves *.cua.test.* files to jest.cua.config.mjs`)
  expect(o.init).toMatch(/created +jest\.cua\.config\.mjs/)
  const configAfter = await readFile(join(o.dir, o.config), 'utf8')
  expect(configAfter).toContain('testPathIgnorePatterns')
  // Their keys are all kept as they were.
  for (const line of o.configBefore.split('\n').filter((l) => /^\s+\w+:/.test(l))) expect(configAfter).toContain(line.trim())
  const after = await o.step('their tests after', ['test'])
  expect(passed(after), after).toBe(o.theirs)
  expect(after).not.toContain('.cua.test.')
  const cua = await o.step('the computer-use suite', ['test:cua'])
  expect(passed(cua), cua).toBeGreaterThan(0)
  expect(cua).not.toMatch(/\d+ failed/)
}
