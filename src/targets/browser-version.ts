// A browser's version (`<browser> --version`), asked once per installed build and remembered on disk
// for the processes after it: Chromium loads its whole binary to print that line (0.2 CPU-s, 0.3 s
// here), and a suite launches a browser from every test process it starts.
import { createHash } from 'node:crypto'
import { mkdir, readFile, realpath, rename, stat, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { execa } from 'execa'
import { ConfigError, errorMessage } from '../core/errors.ts'

/** Where versions are kept: the user's cache folder, as other tools that drive browsers keep theirs. */
export const VERSION_CACHE_DIR = join(homedir(), '.cache', 'agentprobe', 'browser-versions')

const asked = new Map<string, Promise<string>>()

/** E.g. 'Chromium 156.0.8078.108 built on Debian…', 'Mozilla Firefox 153.8.0esr'. */
export function browserVersion(executablePath: string, cacheDir = VERSION_CACHE_DIR): Promise<string> {
  let version = asked.get(executablePath)
  if (version === undefined) {
    version = remembered(executablePath, cacheDir).catch((error: unknown) => {
      asked.delete(executablePath)
      throw error
    })
    asked.set(executablePath, version)
  }
  return version
}

async function remembered(executablePath: string, cacheDir: string): Promise<string> {
  const entry = await entryFor(executablePath, cacheDir)
  const known = entry && (await readFile(entry, 'utf8').catch(() => ''))
  if (known) return known
  const version = await execa(executablePath, ['--version']).then(
    ({ stdout }) => stdout.trim(),
    (error: unknown) => {
      throw new ConfigError(`${executablePath} --version failed: ${errorMessage(error)}`, { cause: error })
    },
  )
  // A cache that cannot be written costs the next process a spawn, nothing more.
  if (entry && version) {
    const partial = `${entry}.${process.pid}.tmp`
    await mkdir(cacheDir, { recursive: true })
      .then(() => writeFile(partial, version))
      .then(() => rename(partial, entry)) // whole or not at all, when two processes ask at once
      .catch(() => undefined)
  }
  return version
}

async function entryFor(executablePath: string, cacheDir: string): Promise<string | undefined> {
  const key = await installedBuildKey(executablePath)
  return key === undefined ? undefined : join(cacheDir, `${key}.txt`)
}

/** The file as installed names the build: an upgrade writes a new file (another inode, size or time), and so a new key. Undefined when it cannot be read. */
export async function installedBuildKey(executablePath: string): Promise<string | undefined> {
  const real = await realpath(executablePath).catch(() => undefined)
  const file = real === undefined ? undefined : await stat(real).catch(() => undefined)
  if (real === undefined || file === undefined) return undefined
  return createHash('sha1').update(JSON.stringify([real, file.dev, file.ino, file.size, file.mtimeMs])).digest('hex').slice(0, 16)
}
