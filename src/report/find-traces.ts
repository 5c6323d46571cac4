// Every trace.json under a folder (an artifacts folder, or several downloaded from CI), for
// rebuilding a report without rerunning anything. A report folder's own files are skipped.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

export async function findTraces(dir: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true })
    for (const e of entries) {
      if (e.isDirectory() && e.name !== 'node_modules' && e.name !== 'report' && !e.name.startsWith('.')) await walk(join(folder, e.name))
      else if (e.isFile() && e.name === 'trace.json') found.push(join(folder, e.name))
    }
  }
  await walk(dir)
  return found.sort()
}
