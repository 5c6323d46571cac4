import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execa } from 'execa'
import { strToU8, zipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { materializeVersion } from './version-source.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-version-source-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const manifest = (version: string) => JSON.stringify({ manifest_version: 3, name: 'Old', version })
const versionIn = async (folder: string) => JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')).version as string

describe('materializeVersion', () => {
  it('copies a folder', async () => {
    await mkdir(join(dir, 'old', 'icons'), { recursive: true })
    await writeFile(join(dir, 'old', 'manifest.json'), manifest('1.0.0'))
    await writeFile(join(dir, 'old', 'icons', 'a.png'), 'png')
    await materializeVersion('old', join(dir, 'out'), { cwd: dir })
    expect(await versionIn(join(dir, 'out'))).toBe('1.0.0')
    expect(await readFile(join(dir, 'out', 'icons', 'a.png'), 'utf8')).toBe('png')
  })

  it('unpacks a store zip, one whose files sit in a folder, and a CRX3', async () => {
    const zip = zipSync({ 'manifest.json': strToU8(manifest('2.0.0')), 'popup/popup.html': strToU8('<p>hi</p>') })
    await writeFile(join(dir, 'store.zip'), zip)
    await materializeVersion('store.zip', join(dir, 'a'), { cwd: dir })
    expect(await versionIn(join(dir, 'a'))).toBe('2.0.0')
    expect(await readFile(join(dir, 'a', 'popup', 'popup.html'), 'utf8')).toBe('<p>hi</p>')

    await writeFile(join(dir, 'nested.zip'), zipSync({ 'dist/manifest.json': strToU8(manifest('2.1.0')) }))
    await materializeVersion(join(dir, 'nested.zip'), join(dir, 'b'))
    expect(await readdir(join(dir, 'b'))).toEqual(['manifest.json'])

    const header = new Uint8Array(12 + 5)
    header.set(strToU8('Cr24'))
    new DataView(header.buffer).setUint32(4, 3, true)
    new DataView(header.buffer).setUint32(8, 5, true)
    await writeFile(join(dir, 'ext.crx'), Buffer.concat([header, zip]))
    await materializeVersion('ext.crx', join(dir, 'c'), { cwd: dir })
    expect(await versionIn(join(dir, 'c'))).toBe('2.0.0')
  })

  it('names what is wrong with a source', async () => {
    await expect(materializeVersion('missing', join(dir, 'x'), { cwd: dir })).rejects.toThrow(`${join(dir, 'missing')} does not exist`)
    await writeFile(join(dir, 'no-manifest.zip'), zipSync({ 'a/x.js': strToU8(''), 'b/y.js': strToU8('') }))
    await expect(materializeVersion('no-manifest.zip', join(dir, 'x'), { cwd: dir })).rejects.toThrow('no-manifest.zip has no manifest.json at its root')
    await writeFile(join(dir, 'slip.zip'), zipSync({ 'manifest.json': strToU8(manifest('1')), '../evil.js': strToU8('') }))
    await expect(materializeVersion('slip.zip', join(dir, 'x'), { cwd: dir })).rejects.toThrow('holds an entry outside its folder: ../evil.js')
    await writeFile(join(dir, 'text.zip'), 'not a zip')
    await expect(materializeVersion('text.zip', join(dir, 'x'), { cwd: dir })).rejects.toThrow('is not a zip archive')
    await expect(materializeVersion({ git: 'v1', build: '', output: 'dist' }, join(dir, 'x'), { cwd: dir })).rejects.toThrow('"build" must be a non-empty string')
  })

  it('builds a git ref once, with the commit as it was, and reuses the build', async () => {
    const repo = join(dir, 'repo')
    await mkdir(repo)
    const git = (...args: string[]) => execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo })
    await git('init', '-q')
    // The build counts its runs outside the repository, so a second build would show.
    const build = `const fs = require('fs'); fs.mkdirSync('dist', { recursive: true }); fs.copyFileSync('manifest.json', 'dist/manifest.json'); fs.appendFileSync(${JSON.stringify(join(dir, 'runs'))}, 'x')`
    await writeFile(join(repo, 'build.cjs'), build)
    await writeFile(join(repo, 'manifest.json'), manifest('1.0.0'))
    await git('add', '.')
    await git('commit', '-qm', 'v1')
    await git('tag', 'v1')
    await writeFile(join(repo, 'manifest.json'), manifest('2.0.0'))
    await git('commit', '-qam', 'v2')
    const source = { git: 'v1', build: 'node build.cjs', output: 'dist' }
    const options = { cwd: repo, cacheDir: join(dir, 'cache') }
    await materializeVersion(source, join(dir, 'one'), options)
    await materializeVersion(source, join(dir, 'two'), options)
    expect(await versionIn(join(dir, 'one'))).toBe('1.0.0')
    expect(await versionIn(join(dir, 'two'))).toBe('1.0.0')
    expect(await readFile(join(dir, 'runs'), 'utf8')).toBe('x')
    await expect(materializeVersion({ ...source, git: 'v9' }, join(dir, 'x'), options)).rejects.toThrow(`no commit "v9" in`)
    await expect(materializeVersion({ ...source, git: 'HEAD', build: 'exit 3' }, join(dir, 'x'), options)).rejects.toThrow('"exit 3" failed at')
    await expect(materializeVersion({ ...source, git: 'HEAD', output: 'out' }, join(dir, 'x'), options)).rejects.toThrow('left no manifest.json in out')
  })
})
