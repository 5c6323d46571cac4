import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { firstDifference, folderState } from './folder-state.ts'

it('tells a file added, rewritten or removed, and a folder emptied; leaves out node_modules and .git', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-folder-'))
  await mkdir(join(dir, 'assets'))
  await mkdir(join(dir, 'node_modules/x'), { recursive: true })
  await writeFile(join(dir, 'manifest.json'), '{}')
  await writeFile(join(dir, 'assets/popup.js'), 'a')
  await writeFile(join(dir, 'node_modules/x/index.js'), 'x')
  const first = await folderState(dir)
  expect([...first.keys()].sort()).toEqual(['assets/popup.js', 'manifest.json'])
  expect(firstDifference(first, await folderState(dir))).toBeUndefined()

  await writeFile(join(dir, 'assets/popup.js'), 'ab')
  const rewritten = await folderState(dir)
  expect(firstDifference(first, rewritten)).toBe('assets/popup.js')
  await writeFile(join(dir, 'node_modules/x/index.js'), 'xy')
  expect(firstDifference(rewritten, await folderState(dir))).toBeUndefined()

  await rm(join(dir, 'assets'), { recursive: true })
  const removed = await folderState(dir)
  expect(firstDifference(rewritten, removed)).toBe('assets/popup.js')
  await rm(dir, { recursive: true })
  expect(firstDifference(removed, await folderState(dir))).toBe('manifest.json')
})
