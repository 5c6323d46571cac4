// init keeps what a run writes for this machine only (the run history's SQLite file and kept
// GIFs) out of the repo: one line in .gitignore, added once, the rest of the file untouched.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Adds `entry` (a folder, e.g. '.agentprobe/') to the repo's .gitignore unless a line already names it. */
export async function ignoreInGit(root: string, entry: string, why: string): Promise<boolean> {
  const path = join(root, '.gitignore')
  const text = await readFile(path, 'utf8').catch(() => '')
  const bare = entry.replace(/^\/|\/$/g, '')
  if (text.split(/\r?\n/).some((line) => line.trim().replace(/^\/|\/$/g, '') === bare)) return false
  await writeFile(path, `${text}${text && !text.endsWith('\n') ? '\n' : ''}# ${why}\n${entry}\n`)
  return true
}
