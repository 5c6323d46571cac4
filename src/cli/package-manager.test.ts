import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addDevArgs, detectPackageManager, runScript, runWorkspaceScript } from './package-manager.ts'

async function repo(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'agentprobe-pm-'))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(root, name, '..'), { recursive: true })
    await writeFile(join(root, name), text)
  }
  return root
}

describe('the package manager', () => {
  it('comes from the lockfile', async () => {
    expect(await detectPackageManager(await repo({ 'package.json': '{}', 'pnpm-lock.yaml': '' }))).toBe('pnpm')
    expect(await detectPackageManager(await repo({ 'package.json': '{}', 'yarn.lock': '' }))).toBe('yarn')
    expect(await detectPackageManager(await repo({ 'package.json': '{}', 'bun.lockb': '' }))).toBe('bun')
    expect(await detectPackageManager(await repo({ 'package.json': '{}', 'bun.lock': '' }))).toBe('bun')
    expect(await detectPackageManager(await repo({ 'package.json': '{}', 'package-lock.json': '{}' }))).toBe('npm')
  })

  it("from a workspace root's lockfile, else package.json's packageManager, else npm", async () => {
    const root = await repo({ 'pnpm-lock.yaml': '', 'packages/ext/package.json': '{}' })
    expect(await detectPackageManager(join(root, 'packages/ext'))).toBe('pnpm')
    expect(await detectPackageManager(await repo({ 'package.json': '{"packageManager":"yarn@4.5.0"}' }))).toBe('yarn')
    expect(await detectPackageManager(await repo({ 'package.json': '{}' }))).toBe('npm')
  })

  it('spells adding dev dependencies and running a script its own way', () => {
    expect(addDevArgs('npm', ['agentprobe', 'vitest']).join(' ')).toBe('npm install --save-dev agentprobe vitest')
    expect(addDevArgs('pnpm', ['agentprobe']).join(' ')).toBe('pnpm add -D agentprobe')
    expect(addDevArgs('pnpm', ['agentprobe'], true).join(' ')).toBe('pnpm add -D -w agentprobe')
    expect(addDevArgs('yarn', ['agentprobe']).join(' ')).toBe('yarn add -D agentprobe')
    expect(addDevArgs('bun', ['agentprobe']).join(' ')).toBe('bun add -D agentprobe')
    expect([runScript('npm', 'test:cua'), runScript('pnpm', 'test:cua'), runScript('yarn', 'test:cua'), runScript('bun', 'test:cua')]).toEqual(['npm run test:cua', 'pnpm test:cua', 'yarn test:cua', 'bun run test:cua'])
  })
})

describe("a workspace package's script, run from the workspace root", () => {
  it('in each manager\'s own spelling, by name where it takes one, else from its folder', () => {
    const ext = { dir: 'packages/ext', name: '@acme/ext' }
    expect(runWorkspaceScript('pnpm', 'build', ext)).toBe('pnpm --filter @acme/ext build')
    expect(runWorkspaceScript('pnpm', 'build', { dir: 'packages/ext' })).toBe('pnpm --filter ./packages/ext build')
    expect(runWorkspaceScript('npm', 'build', ext)).toBe('npm run build -w packages/ext')
    expect(runWorkspaceScript('yarn', 'build', ext)).toBe('yarn workspace @acme/ext build')
    expect(runWorkspaceScript('yarn', 'build', { dir: 'packages/ext' })).toBe('cd packages/ext && yarn build')
    expect(runWorkspaceScript('bun', 'build', ext)).toBe('cd packages/ext && bun run build')
  })
})
