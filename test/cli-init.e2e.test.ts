// `agentprobe init` in a fresh repo holding the fixture extension as its build output: the suite
// it writes passes with `npx vitest run`, and its case passes with `agentprobe run`. The temp repo
// resolves 'agentprobe' to this package and 'vitest' to ours through node_modules links (no network).
import { execa } from 'execa'
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')

function run(command: string, args: string[], cwd: string) {
  const { DISPLAY: _display, VITEST: _vitest, VITEST_MODE: _mode, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, NODE_ENV: _env, FORCE_COLOR: _color, ...rest } = process.env
  return execa(command, args, { cwd, reject: false, all: true, env: { ...rest, npm_config_offline: 'true', NO_COLOR: '1' }, extendEnv: false })
}

async function freshRepo(withPackage = true): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), 'agentprobe-init-'))
  await cp(join(root, 'fixtures/extensions/sidepanel'), join(repo, 'dist'), { recursive: true })
  if (!withPackage) return repo
  await writeFile(join(repo, 'package.json'), JSON.stringify({ name: 'demo-extension', private: true, type: 'module', devDependencies: { agentprobe: `file:${root}`, vitest: '^5.1.2' } }, null, 2))
  await mkdir(join(repo, 'node_modules/.bin'), { recursive: true })
  await symlink(root, join(repo, 'node_modules/agentprobe'))
  await symlink(join(root, 'node_modules/vitest'), join(repo, 'node_modules/vitest'))
  await symlink('../vitest/vitest.mjs', join(repo, 'node_modules/.bin/vitest'))
  return repo
}

describe('agentprobe init', () => {
  it('writes a config, a test named from the manifest, a case and a workflow; `npx vitest run` passes there', async () => {
    const repo = await freshRepo()
    const init = await run(process.execPath, [bin, 'init'], repo)
    expect(init.exitCode, init.all).toBe(0)
    for (const file of ['vitest.config.ts', 'tests/sidepanel-fixture.cua.test.ts', 'cases/sidepanel-fixture.yaml', '.github/workflows/browser-cua.yml']) {
      expect(init.stdout).toContain(`created ${file}`)
    }
    expect(await readFile(join(repo, 'vitest.config.ts'), 'utf8')).toContain("plugins: [agentprobe({ extension: './dist' })]")
    const workflow = await readFile(join(repo, '.github/workflows/browser-cua.yml'), 'utf8')
    expect(JSON.stringify(parse(workflow))).toContain('--case cases/sidepanel-fixture.yaml')

    const vitest = await run('npx', ['vitest', 'run'], repo)
    expect(vitest.exitCode, vitest.all).toBe(0)
    expect(vitest.all).toMatch(/Tests\s+3 passed/)
    expect(vitest.all).toContain('Sidepanel Fixture: the toolbar icon opens the popup')

    const cli = await run(process.execPath, [bin, 'run', '--target', 'browser', '--extension', './dist', '--case', 'cases/sidepanel-fixture.yaml', '--output-dir', 'artifacts/case'], repo)
    expect(cli.exitCode, cli.all).toBe(0)
    expect(JSON.parse(await readFile(join(repo, 'artifacts/case/result.json'), 'utf8'))).toMatchObject({ status: 'passed', verdict: 'YES' })
  }, 240_000)

  it('keeps files that exist, unless --force', async () => {
    const repo = await freshRepo()
    await mkdir(join(repo, 'cases'))
    await writeFile(join(repo, 'cases/sidepanel-fixture.yaml'), '# mine\n')
    await writeFile(join(repo, 'vitest.config.mts'), 'export default {}\n')
    const first = await run(process.execPath, [bin, 'init'], repo)
    expect(first.exitCode, first.all).toBe(0)
    expect(first.stdout).toContain('kept    cases/sidepanel-fixture.yaml (it exists; --force overwrites)')
    expect(first.stdout).toContain("kept    vitest.config.mts: add `plugins: [agentprobe({ extension: './dist' })]`")
    expect(await readFile(join(repo, 'cases/sidepanel-fixture.yaml'), 'utf8')).toBe('# mine\n')
    const forced = await run(process.execPath, [bin, 'init', '--force'], repo)
    expect(forced.stdout).toContain('created cases/sidepanel-fixture.yaml')
    expect(await readFile(join(repo, 'cases/sidepanel-fixture.yaml'), 'utf8')).toContain('name: sidepanel-fixture-popup')
  })

  it('exits 2 outside a package, or with no extension to find', async () => {
    const bare = await freshRepo(false)
    const noPackage = await run(process.execPath, [bin, 'init'], bare)
    expect(noPackage.exitCode).toBe(2)
    expect(noPackage.stderr).toContain('agentprobe init: no package.json in')
    await writeFile(join(bare, 'package.json'), '{"name":"x"}')
    const noManifest = await run(process.execPath, [bin, 'init', '--extension', 'build'], bare)
    expect(noManifest.exitCode).toBe(2)
    expect(noManifest.stderr).toContain('agentprobe init: --extension build has no manifest.json')
  })
})
