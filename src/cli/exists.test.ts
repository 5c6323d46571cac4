import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { exists } from './exists.ts'

it('is true for a file and a folder, false for a path that is not there or cannot be reached', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'exists-'))
  await writeFile(join(dir, 'package.json'), '{}')
  expect(await exists(join(dir, 'package.json'))).toBe(true)
  expect(await exists(dir)).toBe(true)
  expect(await exists(join(dir, 'vitest.config.ts'))).toBe(false)
  expect(await exists(join(dir, 'package.json', 'inside-a-file'))).toBe(false)
})
