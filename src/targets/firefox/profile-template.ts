// A profile Firefox has already started in once, made per installed Firefox and copied for each
// launch. Firefox's first start in an empty profile creates its databases and compiles its own
// scripts into the profile's startup cache: measured here, a launch from a copy took 4.4-5.9 CPU-s
// and 2.7-3.7 s to ready, from an empty profile 6.6-8.4 CPU-s and 4.3-5.3 s.
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import puppeteer from 'puppeteer-core'
import { raceAbort } from '../../core/abort.ts'
import { errorMessage, TimeoutError } from '../../core/errors.ts'
import { installedBuildKey } from '../browser-version.ts'
import { spawnGroup } from '../spawn-group.ts'
import { bidiEndpoint } from './bidi-endpoint.ts'
import { firefoxPrefs, userJs } from './firefox-profile.ts'

/** Where templates are kept, beside the remembered browser versions. */
export const PROFILE_TEMPLATE_DIR = join(homedir(), '.cache', 'agentprobe', 'firefox-profiles')

/** Files of a start that the next one must not find: its locks, its prefs file (each launch writes its own), its session and its window's size. */
const LEFT_BY_A_START = ['lock', '.parentlock', 'user.js', 'sessionstore.jsonlz4', 'sessionstore-backups', 'sessionCheckpoints.json', 'xulstore.json', 'crashes', 'minidumps']

export type ProfileTemplate = { dir: string } | { why: string }

const making = new Map<string, Promise<ProfileTemplate>>()

const exists = (path: string) => stat(path).then(() => true, () => false)

/** The template for this Firefox: made on first use (one headless start and quit), then found on disk; `why` when it cannot be. */
export function profileTemplate(executablePath: string, { cacheDir = PROFILE_TEMPLATE_DIR, timeout = 60_000 }: { cacheDir?: string; timeout?: number } = {}): Promise<ProfileTemplate> {
  const key = JSON.stringify([cacheDir, executablePath])
  let template = making.get(key)
  if (template === undefined) {
    template = findOrMake(executablePath, cacheDir, timeout)
    making.set(key, template)
    // (a template that could not be made is tried again by the next launch)
    void template.then((t) => 'why' in t && making.delete(key))
  }
  return template
}

/** Where the template of this Firefox is, or would be: a new Firefox or new base prefs, a new folder. Undefined when the executable cannot be read. */
export async function templateDirFor(executablePath: string, cacheDir = PROFILE_TEMPLATE_DIR): Promise<string | undefined> {
  const build = await installedBuildKey(executablePath)
  return build === undefined ? undefined : join(cacheDir, createHash('sha1').update(JSON.stringify([build, userJs(firefoxPrefs())])).digest('hex').slice(0, 16))
}

async function findOrMake(executablePath: string, cacheDir: string, timeout: number): Promise<ProfileTemplate> {
  const dir = await templateDirFor(executablePath, cacheDir)
  if (dir === undefined) return { why: `${executablePath} could not be read` }
  if (await exists(dir)) return { dir }
  try {
    await mkdir(cacheDir, { recursive: true })
    const partial = await mkdtemp(`${dir}.partial-`)
    try {
      await writeFile(join(partial, 'user.js'), userJs(firefoxPrefs()))
      await startAndQuit(executablePath, partial, timeout)
      await Promise.all(LEFT_BY_A_START.map((name) => rm(join(partial, name), { recursive: true, force: true })))
      // Whole or not at all: when two processes made one at once, the first rename wins.
      await rename(partial, dir).catch(async (error: unknown) => {
        if (!(await exists(dir))) throw error
      })
    } finally {
      await rm(partial, { recursive: true, force: true })
    }
    return { dir }
  } catch (error) {
    return { why: `no profile template in ${dirname(dir)} for ${basename(executablePath)}: ${errorMessage(error)}` }
  }
}

/** One headless start in `profile` that ends with a quit Firefox asked for, so it writes its caches. */
async function startAndQuit(executablePath: string, profile: string, timeout: number): Promise<void> {
  // (headless: no display, and nothing drawn on the one the tests use)
  const firefox = spawnGroup(executablePath, ['--headless', '--remote-debugging-port', '0', '--profile', profile, '--no-remote', 'about:blank'], { display: '', dir: profile })
  const deadline = AbortSignal.timeout(timeout)
  try {
    const said = () => (firefox.stderrTail() ? `:\n${firefox.stderrTail()}` : '')
    const origin = await Promise.race([
      bidiEndpoint(firefox.onStderr, deadline),
      firefox.exited.then((ended) => Promise.reject(new Error(`it ended with ${ended} before it listened for WebDriver BiDi${said()}`))),
    ])
    const browser = await raceAbort(puppeteer.connect({ browserWSEndpoint: `${origin}/session`, protocol: 'webDriverBiDi', defaultViewport: null }), deadline)
    await raceAbort(browser.close(), deadline)
    const ended = await raceAbort(firefox.exited, deadline)
    if (ended !== 'exit code 0') throw new Error(`it ended with ${ended} on quit${said()}`)
  } catch (error) {
    throw deadline.aborted ? new TimeoutError(`its headless start did not quit within ${timeout} ms`, { cause: error }) : error
  } finally {
    await firefox.kill()
  }
}
