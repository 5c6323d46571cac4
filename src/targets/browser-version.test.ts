import { chmod, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { browserVersion } from './browser-version.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-version-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A "browser" that prints its version and counts how often it was asked. */
async function browser(name: string, version: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, `#!/bin/sh\necho x >> "${path}.asked"\necho "${version}"\n`)
  await chmod(path, 0o755)
  return path
}
const timesAsked = async (path: string) => (await readFile(`${path}.asked`, 'utf8').catch(() => '')).split('\n').length - 1

it('asks an executable once, then answers from the cache, in this process and the next', async () => {
  const cache = join(dir, 'cache')
  const path = await browser('testium', 'Testium 1.2.3')
  expect(await browserVersion(path, cache)).toBe('Testium 1.2.3')
  expect(await browserVersion(path, cache)).toBe('Testium 1.2.3')
  expect(await timesAsked(path)).toBe(1)
  // Another process: the same file on disk, the entry written by the first.
  const again = join(dir, 'link-to-testium')
  await symlink(path, again)
  expect(await browserVersion(again, cache)).toBe('Testium 1.2.3')
  expect(await timesAsked(path)).toBe(1)
})

it('an upgraded executable (a new file in its place) is asked again', async () => {
  const cache = join(dir, 'cache')
  const path = await browser('upgrading', 'Testium 1.0')
  expect(await browserVersion(path, cache)).toBe('Testium 1.0')
  const next = await browser('upgrading.new', 'Testium 2.0')
  await rename(next, path)
  const viaLink = join(dir, 'upgraded-link') // a new path: this process's own memory does not answer for it
  await symlink(path, viaLink)
  expect(await browserVersion(viaLink, cache)).toBe('Testium 2.0')
})

it('a failing executable is a ConfigError naming it, and nothing is cached', async () => {
  const cache = join(dir, 'cache')
  const path = join(dir, 'broken')
  await writeFile(path, '#!/bin/sh\nexit 3\n')
  await chmod(path, 0o755)
  await expect(browserVersion(path, cache)).rejects.toThrow(/broken --version failed/)
  expect(await readdir(dir)).not.toContain('cache')
})

it('a cache folder that cannot be written still answers', async () => {
  const path = await browser('readonly', 'Testium 3')
  await writeFile(join(dir, 'file'), '')
  expect(await browserVersion(path, join(dir, 'file', 'cache'))).toBe('Testium 3')
})
