// Many replays in one run: copies of a recorded test file, each beside its own copy of the
// cassette, so one `vitest run` or `jest --ci` replays the recording once per copy.
import { cp, mkdir, readdir } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Why: ten whole runs take ten browser launches; ten files in one run replay ten times for one. */
export async function writeRecordedCopies(testFile: string, into: string, count: number): Promise<string[]> {
  const name = basename(testFile)
  const dot = name.indexOf('.')
  const recorded = join(dirname(testFile), '__cua__')
  // The cassette and its frame thumbnails: every entry of __cua__ named after the test file.
  const entries = (await readdir(recorded)).filter((entry) => entry.startsWith(`${name}.`) && !entry.endsWith('.lock'))
  await mkdir(join(into, '__cua__'), { recursive: true })
  const copies: string[] = []
  for (let i = 1; i <= count; i++) {
    const copy = `${name.slice(0, dot)}-${String(i).padStart(2, '0')}${name.slice(dot)}`
    await cp(testFile, join(into, copy))
    for (const entry of entries) await cp(join(recorded, entry), join(into, '__cua__', copy + entry.slice(name.length)), { recursive: true })
    copies.push(copy)
  }
  return copies
}
