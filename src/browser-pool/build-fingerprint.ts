// A short fingerprint of an extension build: the content of every file in its folder. The run
// history tells a flaky test (both outcomes on one build) from one the build broke by it; content,
// not modification times, so a rebuild that writes the same files is the same build. It is taken
// at every lease, so the files are read again only when a stat walk sees one added, removed or
// rewritten since the last time.
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

const known = new Map<string, { state: string; fingerprint: string }>()

export async function buildFingerprint(dir: string): Promise<string> {
  const files = (await listFiles(dir)).sort()
  const stats = await Promise.all(files.map((file) => stat(file)))
  const state = files.map((file, i) => `${file}\0${stats[i]!.size}\0${stats[i]!.mtimeMs}`).join('\n')
  const cached = known.get(dir)
  if (cached?.state === state) return cached.fingerprint
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(relative(dir, file).split(sep).join('/')).update('\0')
    hash.update(await readFile(file)).update('\0')
  }
  const fingerprint = hash.digest('hex').slice(0, 12)
  known.set(dir, { state, fingerprint })
  return fingerprint
}

async function listFiles(folder: string, found: string[] = []): Promise<string[]> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    // An extension loaded from its repo's root leaves out the repo's dependencies and history.
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git') await listFiles(join(folder, entry.name), found)
    else if (entry.isFile()) found.push(join(folder, entry.name))
  }
  return found
}
