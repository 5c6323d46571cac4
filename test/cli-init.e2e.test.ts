// `agentprobe init` as a user runs it, in fresh repos holding extensions of different shapes (none
// of them the repo's fixture): the tests it writes pass with `npx vitest run`, with the generated
// file present twice so the reset between files runs. Each temp repo resolves 'agentprobe' to this
// package and 'vitest' to ours through node_modules links (no network).
import { execa } from 'execa'
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { limit } from './limit.ts'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')
const icons = join(root, 'fixtures/extensions/sidepanel/icons')
const ICONS = { 16: 'icons/16.png', 48: 'icons/48.png', 128: 'icons/128.png' }
const page = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><style>body { font: 18px sans-serif; margin: 24px; min-width: 320px }</style></head><body>${body}</body></html>`

function run(command: string, args: string[], cwd: string, timeout = 240_000) {
  const { DISPLAY: _display, VITEST: _vitest, VITEST_MODE: _mode, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, NODE_ENV: _env, FORCE_COLOR: _color, ...rest } = process.env
  return execa(command, args, { cwd, reject: false, all: true, timeout, env: { ...rest, npm_config_offline: 'true', NO_COLOR: '1' }, extendEnv: false })
}

interface Shape {
  manifest: object
  files?: Record<string, string>
  /** Copy the fixture's coloured icons into icons/. */
  icons?: boolean
  /** The package's "type" (none: CommonJS). */
  type?: 'module'
  /** Tests in the generated file (0: init only, nothing to run). */
  tests: number
}

/**
 * Shapes beside the fixture matrix (test/extension-matrix.e2e.test.ts, which runs init on a popup
 * with no permissions, action.onClicked, a local content script and six more, in CommonJS packages,
 * with the reset between two files): a side panel the icon opens, a content script that cannot run here,
 * both browsers, a bare manifest.
 */
const SHAPES: Record<string, Shape> = {
  // A side panel the icon opens (openPanelOnActionClick), so the click never fires onClicked; as in
  // Chrome's sidepanel-multiple sample, the manifest names no side panel: the worker sets it at run time.
  'side-panel': {
    manifest: { name: 'Panel Maker', action: { default_icon: ICONS }, permissions: ['sidePanel'], background: { service_worker: 'sw.js' } },
    files: {
      'panel.html': page('<h1>Reading List</h1>'),
      'sw.js': "chrome.sidePanel.setOptions({ path: 'panel.html' })\nchrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true })\n",
    },
    icons: true,
    type: 'module',
    tests: 2,
  },
  // Content scripts that cannot run on this machine: init writes a skipped test saying why.
  'content-script-remote': {
    manifest: { name: 'Remote Marker', content_scripts: [{ matches: ['https://example.com/*'], js: ['mark.js'] }] },
    files: { 'mark.js': 'document.documentElement.dataset.marked = "yes"\n' },
    type: 'module',
    tests: 0,
  },
  // Shipped for Firefox too (a gecko id, a sidebar, background scripts beside the worker): both
  // browsers in the config; 3 tests pass on Firefox, 2 on Chromium, whose sidebar test skips.
  'cross-browser': {
    manifest: {
      name: 'Both Ways',
      action: { default_popup: 'popup.html', default_icon: ICONS },
      sidebar_action: { default_panel: 'sidebar.html' },
      background: { scripts: ['bg.js'], service_worker: 'bg.js' },
      browser_specific_settings: { gecko: { id: 'both-ways@example.test' } },
    },
    files: {
      'popup.html': page('<h1>Both Ways</h1><button>Start timer</button>'),
      // (no min-width: Firefox's sidebar is about 240 px wide, and cuts a wider heading off as a user sees it)
      'sidebar.html': '<!doctype html><html><head><meta charset="utf-8"></head><body style="font: 18px sans-serif"><h2>Saved timers</h2></body></html>',
      'bg.js': 'self.started = Date.now()\n',
    },
    icons: true,
    type: 'module',
    tests: 5,
  },
  // No background, no action, no page: only a name.
  bare: { manifest: { name: 'Bare Bones' }, type: 'module', tests: 1 },
}

async function freshRepo(name: string, shape?: Shape): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), `agentprobe-init-${name}-`))
  if (shape) {
    await mkdir(join(repo, 'ext'))
    await writeFile(join(repo, 'ext/manifest.json'), JSON.stringify({ manifest_version: 3, version: '1.0', ...shape.manifest }, null, 2))
    for (const [file, text] of Object.entries(shape.files ?? {})) await writeFile(join(repo, 'ext', file), text)
    if (shape.icons) await cp(icons, join(repo, 'ext/icons'), { recursive: true })
  } else {
    await cp(join(root, 'fixtures/extensions/sidepanel'), join(repo, 'dist'), { recursive: true })
  }
  const type = shape ? shape.type : 'module'
  await writeFile(join(repo, 'package.json'), JSON.stringify({ name, private: true, ...(type && { type }), devDependencies: { agentprobe: `file:${root}`, vitest: '^5.1.2' } }, null, 2))
  await mkdir(join(repo, 'node_modules/.bin'), { recursive: true })
  await symlink(root, join(repo, 'node_modules/agentprobe'))
  await symlink(join(root, 'node_modules/vitest'), join(repo, 'node_modules/vitest'))
  await symlink('../vitest/vitest.mjs', join(repo, 'node_modules/.bin/vitest'))
  await symlink('../agentprobe/bin/agentprobe.js', join(repo, 'node_modules/.bin/agentprobe'))
  return repo
}

/** At most three `vitest run`s at once: each starts its own Xvfb and Chromium, on a 2-core machine. */
const inLane = limit(3)

describe.concurrent('agentprobe init on extensions of every shape: `npx vitest run` passes there', () => {
  it.each(Object.keys(SHAPES).filter((name) => SHAPES[name]!.tests > 0))('%s', async (name) => {
    const shape = SHAPES[name]!
    const repo = await freshRepo(name, shape)
    const init = await run('npx', ['agentprobe', 'init', '--extension', 'ext'], repo)
    expect(init.exitCode, init.all).toBe(0)
    expect(init.stdout).toContain(`created ${shape.type === 'module' ? 'vitest.config.ts' : 'vitest.config.mts'}`)
    const vitest = await inLane(() => run('npx', ['vitest', 'run'], repo))
    const output = `${repo}:\n${vitest.all}`
    expect(vitest.exitCode, output).toBe(0)
    expect(vitest.all, output).toMatch(new RegExp(`Tests\\s+${shape.tests} passed`))
    // Vite says nothing about the config's module syntax (the CommonJS packages are the matrix's).
    expect(vitest.all, output).not.toMatch(/configLoader|ESM syntax in a file loaded as CommonJS/)
  }, 300_000)

  it('content scripts that cannot run on this machine: a skipped test that says why', async () => {
    const repo = await freshRepo('remote', SHAPES['content-script-remote'])
    expect((await run('npx', ['agentprobe', 'init', '--extension', 'ext'], repo)).exitCode).toBe(0)
    const text = await readFile(join(repo, 'tests/remote-marker.cua.test.ts'), 'utf8')
    expect(text).toContain("test.skip('Remote Marker: a page its content scripts match'")
    expect(text).toContain('// Not run: its content scripts match only https://example.com/*, and no page on this machine can be served there.')
  })
})

describe.concurrent('agentprobe init', () => {
  it('in a repo with the fixture: a config, a test, a case and a workflow; the case passes with `agentprobe run`', async () => {
    const repo = await freshRepo('demo-extension')
    const init = await run(process.execPath, [bin, 'init'], repo)
    expect(init.exitCode, init.all).toBe(0)
    for (const file of ['vitest.config.ts', 'tests/sidepanel-fixture.cua.test.ts', 'cases/sidepanel-fixture.yaml', '.github/workflows/browser-cua.yml']) {
      expect(init.stdout).toContain(`created ${file}`)
    }
    expect(await readFile(join(repo, 'vitest.config.ts'), 'utf8')).toContain("plugins: [agentprobe({ extension: './dist' })]")
    const workflow = await readFile(join(repo, '.github/workflows/browser-cua.yml'), 'utf8')
    expect(JSON.stringify(parse(workflow))).toContain('--case cases/sidepanel-fixture.yaml')

    const cli = await inLane(() => run(process.execPath, [bin, 'run', '--target', 'browser', '--extension', './dist', '--case', 'cases/sidepanel-fixture.yaml', '--output-dir', 'artifacts/case'], repo))
    expect(cli.exitCode, cli.all).toBe(0)
    expect(JSON.parse(await readFile(join(repo, 'artifacts/case/result.json'), 'utf8'))).toMatchObject({ status: 'passed', verdict: 'YES' })
  }, 300_000)

  it('keeps files that exist, unless --force; adds the plugin to the config there, once', async () => {
    const repo = await freshRepo('demo-extension')
    await mkdir(join(repo, 'cases'))
    await writeFile(join(repo, 'cases/sidepanel-fixture.yaml'), '# mine\n')
    await writeFile(join(repo, 'vitest.config.mts'), "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: { include: ['src/**/*.test.ts'] },\n})\n")
    const first = await run(process.execPath, [bin, 'init'], repo)
    expect(first.exitCode, first.all).toBe(0)
    expect(first.stdout).toContain('kept    cases/sidepanel-fixture.yaml (it exists; --force overwrites)')
    expect(first.stdout).toContain('edited  vitest.config.mts: added the agentprobe plugin')
    expect(first.stdout).toContain("    +  plugins: [agentprobe({ extension: './dist' })],")
    expect(first.stdout).toMatch(/^then: npx vitest run --project cua {2}\(/m)
    const config = await readFile(join(repo, 'vitest.config.mts'), 'utf8')
    expect(config).toBe("import { defineConfig } from 'vitest/config'\nimport { agentprobe } from 'agentprobe/plugin'\n\nexport default defineConfig({\n  plugins: [agentprobe({ extension: './dist' })],\n  test: { include: ['src/**/*.test.ts'] },\n})\n")
    expect(await readFile(join(repo, 'cases/sidepanel-fixture.yaml'), 'utf8')).toBe('# mine\n')
    const forced = await run(process.execPath, [bin, 'init', '--force'], repo)
    expect(forced.stdout).toContain('created cases/sidepanel-fixture.yaml')
    expect(forced.stdout).toContain('kept    vitest.config.mts (it already has the agentprobe plugin)')
    expect(await readFile(join(repo, 'vitest.config.mts'), 'utf8')).toBe(config)
    expect(await readFile(join(repo, 'cases/sidepanel-fixture.yaml'), 'utf8')).toContain('name: sidepanel-fixture-popup')
  })

  it('a config it cannot edit: a separate config and a test:cua script; no built extension yet: the build to run', async () => {
    const repo = await freshRepo('demo-extension')
    await writeFile(join(repo, 'vitest.config.ts'), "import { shared } from './shared.ts'\nexport default shared()\n")
    const init = await run(process.execPath, [bin, 'init'], repo)
    expect(init.exitCode, init.all).toBe(0)
    expect(init.stdout).toContain('note    vitest.config.ts left as it is: its config comes from a call to shared(...) that init cannot see into; agentprobe gets its own vitest.cua.config.ts')
    expect(init.stdout).toMatch(/^then: npm run test:cua {2}\(/m)
    expect(JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')).scripts['test:cua']).toBe('vitest run -c vitest.cua.config.ts')

    const wxt = await mkdtemp(join(tmpdir(), 'agentprobe-init-wxt-'))
    await writeFile(join(wxt, 'package.json'), JSON.stringify({ name: 'wxt-ext', scripts: { dev: 'wxt', build: 'wxt build' } }))
    await writeFile(join(wxt, 'wxt.config.ts'), 'export default {}\n')
    const unbuilt = await run(process.execPath, [bin, 'init'], wxt)
    expect(unbuilt.exitCode).toBe(2)
    expect(unbuilt.stderr).toContain('agentprobe init: no built extension yet: run `npm run build` (wxt build) first, then init again')
  })

  it('exits 2 outside a package, or with no extension to find', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'agentprobe-init-bare-'))
    const noPackage = await run(process.execPath, [bin, 'init'], bare)
    expect(noPackage.exitCode).toBe(2)
    expect(noPackage.stderr).toContain('agentprobe init: no package.json in')
    await writeFile(join(bare, 'package.json'), '{"name":"x"}')
    const noManifest = await run(process.execPath, [bin, 'init', '--extension', 'build'], bare)
    expect(noManifest.exitCode).toBe(2)
    expect(noManifest.stderr).toContain('agentprobe init: --extension build has no manifest.json')
  })
})
