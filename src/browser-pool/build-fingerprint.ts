// A short fingerprint of an extension build: the content of every file in its folder. The run
// history tells a flaky test (both outcomes on one build) from one the build broke by it; content,
// not modification times, so a rebuild that writes the same files is the same build.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

export async function buildFingerprint(dir: string): Promise<string> {
  const files: string[] = []
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      // An extension loaded from its repo's root leaves out the repo's dependencies and history.
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git') await walk(join(folder, entry.name))
      else if (entry.isFile()) files.push(join(folder, entry.name))
    }
  }
  await walk(dir)
  const hash = createHash('sha256')
  for (const file of files.sort()) {
    hash.update(relative(dir, file).split(sep).join('/')).update('\0')
    hash.update(await readFile(file)).update('\0')
  }
  return hash.digest('hex').slice(0, 12)
}
