// What an extension folder holds, file by file, to tell when a build has written to it without a
// file watcher (which misses a folder deleted and made again, or one the config ignores).
import { readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'

/**
 * Each file under `dir` with its size and modification time; empty when the folder is gone. An
 * extension loaded from its repo's root leaves out the repo's node_modules and .git.
 */
export async function folderState(dir: string, state = new Map<string, string>(), root = dir): Promise<Map<string, string>> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '.git') await folderState(path, state, root)
        return
      }
      const info = await stat(path).catch(() => undefined)
      if (info) state.set(relative(root, path), `${info.size}:${info.mtimeMs}`)
    }),
  )
  return state
}

/** A file added, changed or removed between two folder states, or undefined. */
export function firstDifference(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string | undefined {
  for (const [file, state] of after) if (before.get(file) !== state) return file
  for (const file of before.keys()) if (!after.has(file)) return file
  return undefined
}
