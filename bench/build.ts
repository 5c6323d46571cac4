// Builds a case's extension: the good build is a copy of its folder under bench/extensions, the
// mutant the same copy with the case's text edits applied. Mutants stay data (find/replace), so
// each extension has one source and no near-copies; fixtures/extensions/mutate.ts uses the same edits.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserBenchCase } from '../src/bench/bench-case.ts'

export interface TextEdit {
  file: string
  find: string
  replace: string
}

export type BuildSide = 'good' | 'mutant'

export const EXTENSIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'extensions')
export const PAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'pages')

/** Copies `base` into `outDir` (a new temp folder by default), applies `edits` in order, returns the folder. */
export async function copyWithEdits(base: string, edits: readonly TextEdit[], { label, outDir }: { label: string; outDir?: string }): Promise<string> {
  const dir = outDir ?? (await mkdtemp(join(tmpdir(), `agentprobe-${label.replace(/[^\w-]+/g, '-')}-`)))
  await cp(base, dir, { recursive: true })
  for (const edit of edits) {
    const path = join(dir, edit.file)
    const text = await readFile(path, 'utf8')
    // An edit that no longer applies would silently turn a mutant into the good build.
    if (!text.includes(edit.find)) throw new Error(`${label}: ${edit.file} does not contain ${JSON.stringify(edit.find)}`)
    await writeFile(path, text.replace(edit.find, edit.replace))
  }
  return dir
}

/** The folder of one build of a browser case: its extension as is ('good') or with its edits ('mutant'). */
export function materializeBuild(c: BrowserBenchCase, side: BuildSide, outDir?: string): Promise<string> {
  return copyWithEdits(join(EXTENSIONS_DIR, c.extension), side === 'good' ? [] : c.edits, { label: `${c.id}-${side}`, outDir })
}
