import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { buildFingerprint } from './build-fingerprint.ts'

it('changes with the files, not with a rebuild that writes the same ones, and leaves dependencies out', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-fingerprint-'))
  await writeFile(join(dir, 'manifest.json'), '{"version":"1.0.0"}')
  await mkdir(join(dir, 'node_modules'))
  const first = await buildFingerprint(dir)
  expect(first).toMatch(/^[0-9a-f]{12}$/)

  await writeFile(join(dir, 'node_modules', 'x.js'), 'ignored')
  await utimes(join(dir, 'manifest.json'), new Date(), new Date(Date.now() + 5000))
  expect(await buildFingerprint(dir)).toBe(first)

  await writeFile(join(dir, 'manifest.json'), '{"version":"1.0.1"}')
  const changed = await buildFingerprint(dir)
  expect(changed).not.toBe(first)
  await writeFile(join(dir, 'popup.js'), '')
  expect(await buildFingerprint(dir)).not.toBe(changed)
  await rm(join(dir, 'popup.js'))
  expect(await buildFingerprint(dir)).toBe(changed)
})
