// Wires the browser pool into a Vitest run: starts its endpoint, closes it with Vitest, and in
// watch mode turns a change under the extension folder into an in-place reload and a rerun of
// this project's tests (only this project's: other suites are not touched).
import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { TestProject, Vitest } from 'vitest/node'
import { BrowserPool } from '../browser-pool/browser-pool.ts'
import type { ResolvedOptions } from '../config/options.ts'
import { startPoolServer } from '../browser-pool/pool-server.ts'

export async function startBrowserService(vitest: Vitest, project: TestProject, options: ResolvedOptions): Promise<string> {
  const { display, screen: size, chromePath, url } = options
  const pool = new BrowserPool({ display, size, chromePath, url, log: (line) => vitest.logger.warn(line) })
  const server = await startPoolServer(pool)
  vitest.onClose(async () => {
    await server.close()
    await pool.close()
  })
  if (vitest.config.watch && options.extension) await watchExtension(vitest, project, pool, options.extension)
  return server.url
}

async function watchExtension(vitest: Vitest, project: TestProject, pool: BrowserPool, extension: string): Promise<void> {
  const inside = (file: string) => !relative(extension, file).startsWith('..') && !relative(extension, file).startsWith(sep)
  // Vitest reruns these files on a write there (as it filters a rerun: by file name, test name and
  // project); each waits for the reload below before it takes the browser.
  let tests = (await project.globTestFiles()).testFiles
  vitest.config.watchTriggerPatterns = [
    ...(vitest.config.watchTriggerPatterns ?? []),
    { pattern: new RegExp(`^${escape(extension.split(sep).join('/'))}/`), testsToRun: () => tests },
  ]
  // Vitest's own watcher, on the root server: a project's server (the cua project beside a
  // user's tests is one) does not report file changes in watch mode.
  const watcher = vitest.vite.watcher
  watcher.add(extension)
  // A build writes many files, and a file in several steps (emptied, then written; a folder
  // emptied, then filled, as Vite and WXT do): one reload once the folder has been quiet for a
  // moment and holds a manifest again, never one that reads a half-written or missing manifest.
  let burst: { files: Set<string>; timer?: NodeJS.Timeout; done: () => void } | undefined
  const manifest = join(extension, 'manifest.json')
  const written = (file: string) => {
    if (!inside(file)) return
    void project.globTestFiles().then((found) => (tests = found.testFiles))
    if (!burst) {
      let done = () => {}
      const quiet = new Promise<void>((resolve) => (done = resolve))
      const current = (burst = { files: new Set<string>(), done: () => done() })
      void pool.reload(extension, { after: quiet }).then(
        ({ browsers, ms }) => vitest.logger.log(`agentprobe: ${changed(vitest, current.files)} changed, extension reloaded in ${ms} ms in ${browsers} browser(s), no restart`),
        (error: unknown) => vitest.logger.error(`agentprobe: reloading the extension after ${changed(vitest, current.files)} changed failed: ${String(error)}`),
      )
    }
    const current = burst
    current.files.add(file)
    clearTimeout(current.timer)
    const settled = (waited: number) => {
      // Emptied by the build and not yet filled: wait for its writes, up to a limit that reports it.
      if (!existsSync(manifest) && waited < NO_MANIFEST_MS) {
        current.timer = setTimeout(() => settled(waited + QUIET_MS), QUIET_MS)
        return
      }
      burst = undefined
      current.done()
    }
    current.timer = setTimeout(() => settled(0), QUIET_MS)
  }
  for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, written)
}

/** How long the extension folder must be still before a reload, ms. */
const QUIET_MS = 150
/** How long a folder the build emptied may stay without a manifest before the reload reports it, ms. */
const NO_MANIFEST_MS = 60_000

function changed(vitest: Vitest, files: ReadonlySet<string>): string {
  const [first] = files
  const shown = relative(vitest.config.root, first!)
  return files.size === 1 ? shown : `${shown} and ${files.size - 1} more file(s)`
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
