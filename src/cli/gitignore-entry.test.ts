import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ignoreInGit } from './gitignore-entry.ts'

it('adds the folder to .gitignore once, keeping what the file had', async () => {
  const root = await mkdtemp(join(tmpdir(), 'agentprobe-gitignore-'))
  await writeFile(join(root, '.gitignore'), 'node_modules\ndist')
  expect(await ignoreInGit(root, '.agentprobe/', 'why')).toBe(true)
  expect(await ignoreInGit(root, '.agentprobe/', 'why')).toBe(false)
  expect(await readFile(join(root, '.gitignore'), 'utf8')).toBe('node_modules\ndist\n# why\n.agentprobe/\n')
  const fresh = await mkdtemp(join(tmpdir(), 'agentprobe-gitignore-'))
  await writeFile(join(fresh, '.gitignore'), '/.agentprobe\n')
  expect(await ignoreInGit(fresh, '.agentprobe/', 'why')).toBe(false)
})
