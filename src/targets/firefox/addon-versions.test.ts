import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildIdentity, installFolder, stageVersion } from './addon-versions.ts'

const GECKO = { gecko: { id: 'keeper@example.test', strict_min_version: '128.0' } }

async function folder(manifest: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-addon-version-'))
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'Keeper', ...manifest }))
  return dir
}

describe('buildIdentity', () => {
  it("is the build's gecko id and version", async () => {
    const dir = await folder({ version: '2.0.0', browser_specific_settings: GECKO })
    expect(await buildIdentity(dir, 'update')).toEqual({ id: 'keeper@example.test', version: '2.0.0', path: dir })
  })

  it('says why a build without a gecko id cannot be updated on Firefox, and what to add', async () => {
    const dir = await folder({ version: '2.0.0' })
    await expect(buildIdentity(dir, 'installVersion')).rejects.toThrow(/installVersion\(\) on Firefox keeps the add-on's identity by its gecko id, .* declares none: Firefox makes a new add-on id up at each install.*"browser_specific_settings"/)
    await expect(buildIdentity(undefined, 'update')).rejects.toThrow(/launched without an extension/)
  })
})

describe('stageVersion', () => {
  const build = { id: 'keeper@example.test', version: '2.0.0', path: '/unused' }

  it("copies the older version and gives it the build's gecko id, keeping its other gecko settings", async () => {
    const old = await folder({ version: '1.0.0', browser_specific_settings: { gecko: { strict_min_version: '115.0' } } })
    const stagingRoot = join(await mkdtemp(join(tmpdir(), 'agentprobe-staging-')), 'versions')
    const staged = await stageVersion(old, build, { stagingRoot })
    expect(staged.version).toBe('1.0.0')
    expect(staged.path.startsWith(stagingRoot)).toBe(true)
    const manifest = JSON.parse(await readFile(join(staged.path, 'manifest.json'), 'utf8')) as Record<string, unknown>
    expect(manifest.browser_specific_settings).toEqual({ gecko: { strict_min_version: '115.0', id: 'keeper@example.test' } })
  })

  it('refuses a version that is another add-on, or one Firefox would not install, naming the field', async () => {
    const stagingRoot = await mkdtemp(join(tmpdir(), 'agentprobe-staging-'))
    const other = await folder({ version: '1.0.0', browser_specific_settings: { gecko: { id: 'other@example.test' } } })
    await expect(stageVersion(other, build, { stagingRoot })).rejects.toThrow(/is the add-on other@example\.test, the build under test is keeper@example\.test: Firefox updates an add-on only to a version with the same gecko id/)
    const chromeOnly = await folder({ version: '1.0.0', background: { service_worker: 'worker.js' } })
    await expect(stageVersion(chromeOnly, build, { stagingRoot })).rejects.toThrow(/Firefox would refuse .*background\.service_worker/s)
  })
})

describe('installFolder', () => {
  function recorder(fail: Record<string, string> = {}) {
    const calls: string[] = []
    const call = async (method: string, params?: Record<string, unknown>) => {
      calls.push(`${method} ${JSON.stringify(params)}`)
      if (fail[method]) throw new Error(fail[method])
      return {}
    }
    return { calls, call: call as never }
  }

  it('installs over the add-on with that id for an update, and removes it first for a fresh install', async () => {
    const update = recorder()
    await installFolder(update.call, 'k@x', '/v2', { fresh: false })
    expect(update.calls).toEqual(['webExtension.install {"extensionData":{"type":"path","path":"/v2"}}'])
    const fresh = recorder({ 'webExtension.uninstall': 'no such web extension: k@x' })
    await installFolder(fresh.call, 'k@x', '/v1', { fresh: true })
    expect(fresh.calls).toEqual(['webExtension.uninstall {"extension":"k@x"}', 'webExtension.install {"extensionData":{"type":"path","path":"/v1"}}'])
  })

  it("says which folder Firefox refused, with Firefox's reason", async () => {
    const refused = recorder({ 'webExtension.install': 'invalid web extension: bad manifest' })
    await expect(installFolder(refused.call, 'k@x', '/v1', { fresh: false })).rejects.toThrow('Firefox did not install /v1 as the add-on k@x: invalid web extension: bad manifest')
  })
})
