import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { Vitest } from 'vitest/node'
import { reportUnrunCuaFiles } from './unrun-cua-files.ts'

async function repo(files: string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'agentprobe-unrun-'))
  for (const file of files) {
    await mkdir(join(root, file, '..'), { recursive: true })
    await writeFile(join(root, file), '')
  }
  return root
}

function fakeVitest(root: string, run: string[]): { vitest: Vitest; warnings: string[] } {
  const warnings: string[] = []
  const projects = [{ globTestFiles: async () => ({ testFiles: run.map((f) => join(root, f)) }) }]
  return { vitest: { config: { root }, projects, logger: { warn: (line: string) => warnings.push(line) } } as unknown as Vitest, warnings }
}

it('names the computer-use files that no project runs, once per run', async () => {
  const root = await repo(['tests/popup.cua.test.ts', 'e2e/panel.cua.test.mts', 'tests/unit.test.ts', 'node_modules/x/a.cua.test.ts', '.cache/b.cua.test.ts'])
  const { vitest, warnings } = fakeVitest(root, ['tests/popup.cua.test.ts'])
  await reportUnrunCuaFiles(vitest)
  await reportUnrunCuaFiles(vitest)
  expect(warnings).toEqual([expect.stringContaining('no project runs this computer-use file: e2e/panel.cua.test.mts (add agentprobe()')])
})

it('says nothing when every one runs, and passes over suites with a config of their own', async () => {
  const root = await repo(['tests/popup.cua.test.ts', 'other-suite/vitest.config.ts', 'other-suite/x.cua.test.ts'])
  const { vitest, warnings } = fakeVitest(root, ['tests/popup.cua.test.ts'])
  await reportUnrunCuaFiles(vitest)
  expect(warnings).toEqual([])
})

it('names five and counts the rest', async () => {
  const files = Array.from({ length: 7 }, (_, i) => `t/f${i}.cua.test.ts`)
  const { vitest, warnings } = fakeVitest(await repo(files), [])
  await reportUnrunCuaFiles(vitest)
  expect(warnings[0]).toMatch(/these 7 computer-use files: (t\/f\d\.cua\.test\.ts, ){4}t\/f\d\.cua\.test\.ts and 2 more/)
})
