// A computer-use file that no project's include reaches would be skipped in silence (a repo's
// narrow `include`, a typo in a folder name): name each one once per run instead.
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { Vitest } from 'vitest/node'

const checked = new WeakSet<Vitest>()
const CUA_FILE = /\.cua\.test\.[cm]?[jt]sx?$/

export async function reportUnrunCuaFiles(vitest: Vitest): Promise<void> {
  if (checked.has(vitest)) return
  checked.add(vitest)
  const root = vitest.config.root
  const [found, globbed] = await Promise.all([cuaFilesUnder(root), Promise.all(vitest.projects.map((p) => p.globTestFiles()))])
  const run = new Set(globbed.flatMap((g) => g.testFiles))
  const unrun = found.filter((file) => !run.has(file)).map((file) => relative(root, file))
  if (unrun.length === 0) return
  const named = unrun.length > SHOWN ? `${unrun.slice(0, SHOWN).join(', ')} and ${unrun.length - SHOWN} more` : unrun.join(', ')
  vitest.logger.warn(
    `agentprobe: no project runs ${unrun.length === 1 ? 'this computer-use file' : `these ${unrun.length} computer-use files`}: ${named}` +
      ` (add agentprobe() to the config that should run them; it adds a 'cua' project for every *.cua.test.ts)`,
  )
}

const SHOWN = 5
/** A folder with a test config of its own is another suite, run by its own command. */
const OWN_CONFIG = /^(vitest|vite|jest)\.config\.[cm]?[jt]s$/

/**
 * Every *.cua.test.* below root, not looking into node_modules, hidden folders, or folders below
 * root that hold a Vitest, Vite or Jest config of their own.
 */
async function cuaFilesUnder(dir: string, root = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  if (dir !== root && entries.some((entry) => entry.isFile() && OWN_CONFIG.test(entry.name))) return []
  const nested = await Promise.all(
    entries.map((entry) => {
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : cuaFilesUnder(join(dir, entry.name), root)
      return CUA_FILE.test(entry.name) ? [join(dir, entry.name)] : []
    }),
  )
  return nested.flat()
}
