// Images and GIFs beside a page, content-addressed (data/<sha256>.png): identical files are stored
// once, the page stays small, and its folder opens offline anywhere it is copied whole.
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'

/**
 * Copies the file into `dataDir` under its content's hash unless `written` (name → bytes) has it;
 * answers its address relative to the page, or undefined when the file cannot be read.
 */
export async function copyToData(file: string, dataDir: string, written: Map<string, number>): Promise<string | undefined> {
  const bytes = await readFile(file).catch(() => undefined)
  if (!bytes) return undefined
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}${extname(file).toLowerCase()}`
  if (!written.has(name)) {
    await writeFile(join(dataDir, name), bytes)
    written.set(name, bytes.length)
  }
  return `data/${name}`
}
