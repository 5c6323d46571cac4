// Wires the browser pool into a Vitest run: starts its endpoint, closes it with Vitest, and in
// watch mode turns a change under the extension folder into an in-place reload, then a rerun of
// this project's tests (only this project's: other suites are not touched).
import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Reporter, TestProject, Vitest } from 'vitest/node'
import { BrowserPool } from '../browser-pool/browser-pool.ts'
import { browserExecutable, type ResolvedOptions } from '../config/options.ts'
import { startPoolServer } from '../browser-pool/pool-server.ts'
import { firstDifference, folderState } from './folder-state.ts'

export async function startBrowserService(vitest: Vitest, project: TestProject, options: ResolvedOptions): Promise<string> {
  const { display, screen: size, browser, url, locale, colorScheme, deviceScaleFactor, zoom } = options
  const pool = new BrowserPool({ display, size, browser, executablePath: browserExecutable(options), url, locale, colorScheme, deviceScaleFactor, zoom, log: (line) => vitest.logger.warn(line) })
  const server = await startPoolServer(pool)
  // Each run's files of this project, each a lease: a browser let go after the last of them is not
  // reset ahead. As many browsers as will run at once are started now, while the workers start and
  // import (an Android project leases none).
  const counter: Pick<Reporter, 'onTestRunStart'> = {
    onTestRunStart: (specifications) => {
      const files = specifications.filter((s) => s.project.name === project.name).length
      pool.expectLeases(files)
      if (options.target !== 'android') pool.launchAhead(Math.min(files, vitest.config.maxWorkers), options.extension)
    },
  }
  ;(vitest.config.reporters as unknown[]).push(counter)
  vitest.onClose(async () => {
    await server.close()
    await pool.close()
  })
  if (vitest.config.watch && options.extension) await watchExtension(vitest, project, pool, options.extension)
  return server.url
}

async function watchExtension(vitest: Vitest, project: TestProject, pool: BrowserPool, extension: string): Promise<void> {
  const inside = (file: string) => !relative(extension, file).startsWith('..') && !relative(extension, file).startsWith(sep)
  // A build writes many files, and a file in several steps (emptied, then written; a folder
  // emptied, then filled, as Vite and WXT do): one reload once the folder has been quiet for a
  // moment and holds a manifest again, never one that reads a half-written or missing manifest;
  // then one rerun of this project's files, as this watch session filters them. A reload that
  // fails reruns nothing: the tests would meet the build before.
  let burst: { files: Set<string>; timer?: NodeJS.Timeout; done: () => void } | undefined
  const manifest = join(extension, 'manifest.json')
  // The folder as last looked at, and how many reloads have settled (a look spans one of them or not).
  let seen = await folderState(extension)
  let generation = 0
  const written = (file: string) => {
    if (!inside(file)) return
    if (!burst) {
      let done = () => {}
      const quiet = new Promise<void>((resolve) => (done = resolve))
      const current = (burst = { files: new Set<string>(), done: () => done() })
      void pool
        .reload(extension, { after: quiet })
        .then(async ({ browsers, ms }) => {
          vitest.logger.log(`agentprobe: ${changed(vitest, current.files)} changed, extension reloaded in ${ms} ms in ${browsers} browser(s), no restart`)
          await rerun(vitest, project)
        })
        .catch((error: unknown) => vitest.logger.error(`agentprobe: reloading the extension after ${changed(vitest, current.files)} changed failed, the ${project.name} tests were not rerun: ${String(error)}`))
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
      // What the folder holds now is what the reload reads: the next look compares with it.
      generation++
      void folderState(extension).then((now) => {
        seen = now
        if (burst === current) burst = undefined
        current.done()
      })
    }
    current.timer = setTimeout(() => settled(0), QUIET_MS)
  }
  // Vitest's own watcher (on the root server: a project's server does not report changes in watch
  // mode) is the quick way to hear of a write. It misses some: a folder the config ignores (WXT's
  // .output) or one deleted and made again. A look at the folder's files every half second does not.
  const watcher = vitest.vite.watcher
  watcher.add(extension)
  for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, written)
  const poll = setInterval(() => {
    if (burst) return
    const started = generation
    void folderState(extension).then((now) => {
      // A look begun before a reload settled compares with a state it did not see.
      if (burst || started !== generation) return
      const file = firstDifference(seen, now)
      seen = now
      if (file !== undefined) written(join(extension, file))
    })
  }, POLL_MS)
  vitest.onClose(() => clearInterval(poll))
}

/** Reruns the files of `project` this watch session runs (its filters applied), once the run before has ended. */
async function rerun(vitest: Vitest, project: TestProject): Promise<void> {
  const files = vitest.state.getFiles().filter((file) => file.projectName === project.name)
  if (files.length === 0) return
  await vitest.rerunTestSpecifications(files.map((file) => project.createSpecification(file.filepath)))
}

/** How long the extension folder must be still before a reload, ms. */
const QUIET_MS = 150
/** How long a folder the build emptied may stay without a manifest before the reload reports it, ms. */
const NO_MANIFEST_MS = 60_000
/** How often the extension folder's files are looked at, beside the file watcher, ms. */
const POLL_MS = 500

function changed(vitest: Vitest, files: ReadonlySet<string>): string {
  const [first] = files
  const shown = relative(vitest.config.root, first!)
  return files.size === 1 ? shown : `${shown} and ${files.size - 1} more file(s)`
}
