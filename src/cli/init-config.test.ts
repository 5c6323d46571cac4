import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseModule } from 'magicast'
import { describe, expect, it } from 'vitest'
import type { PackageJson } from './extension-build.ts'
import { setUpConfig } from './init-config.ts'
import type { PackageManager } from './package-manager.ts'

/** A repo with these files, and init's config step run in it; what it printed and returned. */
async function run(files: Record<string, string>, pkg: PackageJson = {}, pm: PackageManager = 'npm', root?: string) {
  root ??= await mkdtemp(join(tmpdir(), 'agentprobe-config-'))
  await writeFile(join(root, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, name), text)
  const lines: string[] = []
  const next = await setUpConfig({ root, pkg, pm, dir: 'dist', force: false, log: (line) => lines.push(line) })
  const read = (name: string) => readFile(join(root, name), 'utf8')
  return { root, next, out: lines.join('\n'), read }
}
const CUA = { command: 'npx vitest run --project cua', what: 'the cua project the plugin adds' }

/** Config shapes a repo may have, each of which init edits in place. */
const EDITABLE: Record<string, string> = {
  'vitest.config.ts': "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: { environment: 'node' },\n})\n",
  'vitest.config.mts': "import { defineConfig } from 'vitest/config'\nexport default defineConfig({ plugins: [], test: {} })\n",
  'vitest.config.js': "import { defineConfig } from 'vitest/config'\nexport default defineConfig(() => ({ test: {} }))\n",
  'vitest.config.mjs': 'export default {\n  test: { globals: true },\n}\n',
  'vitest.config.cjs': "const { defineConfig } = require('vitest/config')\n\nmodule.exports = defineConfig({ test: {} })\n",
  'vitest.config.cts': "import { defineConfig, mergeConfig } from 'vitest/config'\nimport base from './vite.config'\nexport default mergeConfig(base, defineConfig({ test: {} }))\n",
}

describe("init's Vitest config", () => {
  it.each(Object.keys(EDITABLE))('%s: the plugin is added, the diff printed, the file still parses; a second run adds nothing', async (name) => {
    const first = await run({ [name]: EDITABLE[name]! })
    expect(first.next).toEqual(CUA)
    const text = await first.read(name)
    expect(text).toContain("agentprobe({ extension: './dist' })")
    expect(text).toContain(name.endsWith('.cjs') ? "require('agentprobe/plugin')" : "import { agentprobe } from 'agentprobe/plugin'")
    expect(() => parseModule(text)).not.toThrow()
    expect(first.out).toContain(`  edited  ${name}: added the agentprobe plugin\n    --- a/${name}\n    +++ b/${name}\n    @@ `)
    expect(first.out).toMatch(/^ {4}\+.*agentprobe\(\{ extension: '\.\/dist' \}\)/m)
    const again = await run({}, {}, 'npm', first.root)
    expect(again.out).toBe(`  kept    ${name} (it already has the agentprobe plugin)`)
    expect(await again.read(name)).toBe(text)
  })

  it('a vite.config.ts with a test key and test.projects: the plugin at its root', async () => {
    const { next, read } = await run({ 'vite.config.ts': "import { defineConfig } from 'vite'\nexport default defineConfig({\n  test: { projects: [{ test: { name: 'unit' } }] },\n})\n" })
    expect(next).toEqual(CUA)
    expect(await read('vite.config.ts')).toMatch(/defineConfig\(\{\n {2}plugins: \[agentprobe\(\{ extension: '\.\/dist' \}\)\],/)
  })

  it('vitest.config.* before vite.config.*, as Vitest picks them', async () => {
    const { read } = await run({ 'vite.config.ts': 'export default { test: {} }\n', 'vitest.config.mts': 'export default { test: {} }\n' })
    expect(await read('vite.config.ts')).toBe('export default { test: {} }\n')
    expect(await read('vitest.config.mts')).toContain('agentprobe(')
  })

  it('a config it cannot edit: a separate config, a test:cua script, one line saying why', async () => {
    const { next, out, read } = await run({ 'vitest.config.ts': "import { make } from './make'\nexport default make()\n" }, { type: 'module', scripts: { test: 'vitest' } }, 'pnpm')
    expect(out).toContain('  note    vitest.config.ts left as it is: its config comes from a call to make(...) that init cannot see into; agentprobe gets its own vitest.cua.config.ts')
    expect(next).toEqual({ command: 'pnpm test:cua', what: 'the separate agentprobe config' })
    expect(await read('vitest.config.ts')).toBe("import { make } from './make'\nexport default make()\n")
    expect(await read('vitest.cua.config.ts')).toContain("plugins: [agentprobe({ extension: './dist' })]")
    expect(JSON.parse(await read('package.json')).scripts).toEqual({ test: 'vitest', 'test:cua': 'vitest run -c vitest.cua.config.ts' })
  })

  it("a test:cua script of the user's own is kept, and the command runs the config directly", async () => {
    const { next, out, read } = await run({ 'vitest.config.mts': 'export default {\n' }, { scripts: { 'test:cua': 'playwright test' } })
    expect(out).toMatch(/vitest\.config\.mts left as it is: it does not parse/)
    expect(out).toContain('kept    the test:cua script of package.json (it runs `playwright test`)')
    expect(next.command).toBe('npx vitest run -c vitest.cua.config.mts')
    expect(JSON.parse(await read('package.json')).scripts).toEqual({ 'test:cua': 'playwright test' })
  })

  it("a vite.config.ts without a test key where Vitest is used: a separate config, so the user's tests keep theirs", async () => {
    const { out, next } = await run({ 'vite.config.ts': 'export default { plugins: [] }\n' }, { devDependencies: { vitest: '5' } }, 'yarn')
    expect(out).toContain('vite.config.ts has no `test` key, and a vitest.config would take its place for your other Vitest tests')
    expect(next.command).toBe('yarn test:cua')
  })

  it('no config: a fresh one, named for the module type, with the build in a comment', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-config-'))
    await writeFile(join(root, 'package.json'), '{}')
    const lines: string[] = []
    const next = await setUpConfig({ root, pkg: {}, pm: 'npm', dir: '.output/chrome-mv3', build: { tool: 'wxt build', command: 'npm run build' }, force: false, log: (l) => lines.push(l) })
    expect(next).toEqual({ command: 'npx vitest run', what: 'the example test' })
    expect(lines).toEqual(['  created vitest.config.mts'])
    const text = await readFile(join(root, 'vitest.config.mts'), 'utf8')
    expect(text).toContain('// ./.output/chrome-mv3 is built by `npm run build` (wxt build): run it after a change\nexport default')
    expect(text).toContain("plugins: [agentprobe({ extension: './.output/chrome-mv3' })]")
  })
})
