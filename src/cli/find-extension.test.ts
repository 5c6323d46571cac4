import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findExtension } from './find-extension.ts'
import type { PackageJson } from './extension-build.ts'

const MANIFEST = JSON.stringify({ manifest_version: 3, name: 'X', version: '1' })

/** A repo from its package.json and files; `m` stands for an extension manifest. */
async function repo(pkg: PackageJson, files: Record<string, string> = {}): Promise<{ root: string; find: (flag?: string) => ReturnType<typeof findExtension> }> {
  const root = await mkdtemp(join(tmpdir(), 'agentprobe-find-'))
  await writeFile(join(root, 'package.json'), JSON.stringify(pkg))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, name)), { recursive: true })
    await writeFile(join(root, name), text === 'm' ? MANIFEST : text)
  }
  return { root, find: (flag) => findExtension(root, pkg, 'npm', flag) }
}

describe('finding the built extension', () => {
  it("WXT's .output/chrome-mv3 (before the dev build), with the script that builds it", async () => {
    const { find } = await repo({ scripts: { dev: 'wxt', build: 'wxt build' } }, { 'wxt.config.ts': 'export default {}', '.output/chrome-mv3-dev/manifest.json': 'm', '.output/chrome-mv3/manifest.json': 'm' })
    expect(await find()).toEqual({ dir: '.output/chrome-mv3', build: { tool: 'wxt build', command: 'npm run build' } })
  })

  it("Plasmo's build/chrome-mv3-prod, then its dev build", async () => {
    const pkg = { scripts: { build: 'plasmo build' }, manifest: { host_permissions: [] }, devDependencies: { plasmo: '0.90.0' } }
    expect((await (await repo(pkg, { 'build/chrome-mv3-prod/manifest.json': 'm', 'build/chrome-mv3-dev/manifest.json': 'm' })).find()).dir).toBe('build/chrome-mv3-prod')
    expect((await (await repo(pkg, { 'build/chrome-mv3-dev/manifest.json': 'm' })).find()).dir).toBe('build/chrome-mv3-dev')
    // Plasmo's layout built by a script of the repo's own: the script is named, not Plasmo.
    const own = await repo({ scripts: { build: 'node scripts/build.mjs' }, manifest: { permissions: [] } }, { 'build/chrome-mv3-prod/manifest.json': 'm' })
    expect(await own.find()).toEqual({ dir: 'build/chrome-mv3-prod', build: { tool: 'node scripts/build.mjs', command: 'npm run build' } })
  })

  it('CRXJS and webpack: dist/ or build/, not the source manifest beside them', async () => {
    const crx = await repo({ scripts: { build: 'tsc && vite build' } }, { 'vite.config.ts': "import { crx } from '@crxjs/vite-plugin'", 'manifest.json': 'm', 'dist/manifest.json': 'm' })
    expect(await crx.find()).toEqual({ dir: 'dist', build: { tool: 'vite build', command: 'npm run build' } })
    const webpack = await repo({ scripts: { build: 'webpack --mode production' } }, { 'webpack.config.js': '', 'src/manifest.json': 'm', 'build/manifest.json': 'm' })
    expect(await webpack.find()).toEqual({ dir: 'build', build: { tool: 'webpack', command: 'npm run build' } })
  })

  it('an unbundled extension: its own folder, or the repo root; a web app manifest is not one', async () => {
    expect(await (await repo({}, { 'src/manifest.json': 'm' })).find()).toEqual({ dir: 'src' })
    expect(await (await repo({}, { 'manifest.json': 'm', 'public/manifest.json': '{"name":"pwa"}' })).find()).toEqual({ dir: '.' })
    await expect((await repo({}, { 'dist/manifest.json': '{"name":"pwa","icons":[]}' })).find()).rejects.toThrow(/no manifest\.json in \.output\/chrome-mv3\//)
  })

  it('a manifest only a build makes: an error naming the build command', async () => {
    await expect((await repo({ scripts: { build: 'wxt build' } }, { 'wxt.config.ts': '' })).find()).rejects.toThrow('no built extension yet: run `npm run build` (wxt build) first, then init again')
    await expect((await repo({ scripts: { 'build:chrome': 'vite build --mode chrome' } }, { 'vite.config.ts': '', 'src/manifest.json': 'm' })).find()).rejects.toThrow('run `npm run build:chrome` (vite build)')
    await expect((await repo({ scripts: {} }, { 'manifest.config.ts': '', 'vite.config.mts': '' })).find()).rejects.toThrow('run `npm run build` (vite build)')
    await expect((await repo({ manifest: {}, devDependencies: { plasmo: '1' } })).find()).rejects.toThrow('(plasmo build)')
  })

  it('at a workspace root: the package with a built extension, and says which', async () => {
    const { find } = await repo({ workspaces: ['packages/*'] }, {
      'packages/ui/package.json': '{"name":"ui"}',
      'packages/ext/package.json': JSON.stringify({ name: '@acme/ext', scripts: { build: 'wxt build' } }),
      'packages/ext/wxt.config.ts': '',
      'packages/ext/.output/chrome-mv3/manifest.json': 'm',
    })
    expect(await find()).toEqual({ dir: 'packages/ext/.output/chrome-mv3', workspace: { dir: 'packages/ext', name: '@acme/ext' }, build: { tool: 'wxt build', command: 'npm run build -w packages/ext' } })
    const pnpm = await repo({}, { 'pnpm-workspace.yaml': "packages:\n  - 'apps/**'\n", 'apps/ext/package.json': JSON.stringify({ scripts: { build: 'vite build' } }), 'apps/ext/vite.config.ts': "'@crxjs/vite-plugin'" })
    await expect(pnpm.find()).rejects.toThrow('no built extension yet in apps/ext: run `npm run build -w apps/ext` (vite build) first')
  })

  it('--extension: the folder given, or an error when it has no manifest', async () => {
    const { find } = await repo({}, { 'out/manifest.json': 'm' })
    expect(await find('./out')).toEqual({ dir: 'out' })
    const crx = await repo({ scripts: { build: 'vite build' } }, { 'vite.config.ts': "'@crxjs/vite-plugin'", 'src/manifest.json': 'm', 'out/manifest.json': 'm' })
    expect(await crx.find('out')).toEqual({ dir: 'out', build: { tool: 'vite build', command: 'npm run build' } })
    expect(await crx.find('src')).toEqual({ dir: 'src' })
    await expect(find('build')).rejects.toThrow('agentprobe init: --extension build has no manifest.json')
  })
})
