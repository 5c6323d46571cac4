import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { readGeckoExtension } from './gecko-extension.ts'

const CROSS_BROWSER = resolve(import.meta.dirname, '../../../fixtures/extensions/cross-browser')

it('reads the gecko id, and refuses before launch a manifest Firefox would not install, naming the field', async () => {
  expect(await readGeckoExtension(CROSS_BROWSER)).toMatchObject({ geckoId: 'tally-both@agentprobe.test' })
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-gecko-'))
  await cp(CROSS_BROWSER, dir, { recursive: true })
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, background: { service_worker: 'background.js' } }))
  await expect(readGeckoExtension(dir)).rejects.toMatchObject({ name: 'ConfigError', message: expect.stringMatching(/^Firefox would refuse .*manifest\.json:\nbackground\.service_worker: /) })
})
