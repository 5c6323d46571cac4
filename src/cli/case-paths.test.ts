import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { expandCasePaths } from './case-paths.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-cases-'))
  await mkdir(join(dir, 'cases/nested'), { recursive: true })
  await mkdir(join(dir, 'empty'))
  for (const name of ['b.yaml', 'a.json', 'c.ts', 'types.d.ts', 'notes.md', 'nested/d.yml']) await writeFile(join(dir, 'cases', name), '')
})

describe('expandCasePaths', () => {
  it('takes a folder as the case files directly in it, sorted', async () => {
    expect(await expandCasePaths(['cases'], dir)).toEqual(['a.json', 'b.yaml', 'c.ts'].map((n) => join(dir, 'cases', n)))
  })

  it('expands a glob, and keeps each file once in the order given', async () => {
    expect(await expandCasePaths(['cases/b.yaml', 'cases/**/*.{yaml,yml}'], dir)).toEqual([join(dir, 'cases/b.yaml'), join(dir, 'cases/nested/d.yml')])
  })

  it('passes a missing file through, for the loader to report with the others', async () => {
    expect(await expandCasePaths(['nope.yaml'], dir)).toEqual([join(dir, 'nope.yaml')])
  })

  it('names the flag value when a folder or pattern holds no case file', async () => {
    await expect(expandCasePaths(['empty'], dir)).rejects.toThrow('--case empty: the folder holds no case file (.yaml, .yml, .json, .ts, .mts, .js, .mjs)')
    await expect(expandCasePaths(['cases/*.toml'], dir)).rejects.toThrow('--case cases/*.toml: the pattern matches no case file')
  })
})
