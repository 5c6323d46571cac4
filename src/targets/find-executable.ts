// Which browser executable to drive: the path the user gave (CHROME_PATH, FIREFOX_PATH, passed in
// by the plugin or CLI), else the first well-known name on PATH, else the usual install locations.
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import which from 'which'
import { ConfigError } from '../core/errors.ts'

export interface ExecutableSearch {
  /** For messages: 'Chromium', 'Firefox'. */
  browser: string
  /** The environment variable that names the executable: 'CHROME_PATH'. */
  variable: string
  names: readonly string[]
  locations: readonly string[]
  /** How to install one, as a sentence fragment: 'apt-get install chromium'. */
  install: string
}

/** The executable to launch; a ConfigError that says how to get one when there is none. */
export async function findExecutable(search: ExecutableSearch, explicitPath?: string): Promise<string> {
  const { browser, variable, names, locations, install } = search
  if (explicitPath !== undefined) {
    if (await isExecutableFile(explicitPath)) return explicitPath
    throw new ConfigError(`The ${browser} executable ${explicitPath} does not exist or is not an executable file: fix ${variable}, or unset it to search PATH`)
  }
  const found = (await onPath(names)) ?? (await firstExecutable(locations))
  if (found !== undefined) return found
  throw new ConfigError(
    `No ${browser} found: looked for ${names.join(', ')} on PATH and in ${locations.join(', ')}. ` +
      `Install ${browser} (Debian/Ubuntu: ${install}) or set ${variable} to its executable.`,
  )
}

// PATH searched as the shell does, name by name, without spawning one: a fork of a test runner's
// large process costs 50-100 ms of CPU, and a suite launches a browser hundreds of times.
async function onPath(names: readonly string[]): Promise<string | undefined> {
  for (const name of names) {
    const found = await which(name, { nothrow: true })
    if (found !== null && (await isExecutableFile(found))) return found
  }
  return undefined
}

async function firstExecutable(paths: readonly string[]): Promise<string | undefined> {
  for (const path of paths) if (await isExecutableFile(path)) return path
  return undefined
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}
