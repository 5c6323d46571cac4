// Which Chromium to drive: the path the user gave (CHROME_PATH, passed in by the plugin or CLI),
// else the first well-known name on PATH, else the usual install locations.
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { execa } from 'execa'
import { ConfigError, errorMessage } from '../../core/errors.ts'

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome']
const LOCATIONS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
]

/** The executable to launch; a ConfigError that says how to get one when there is none. */
export async function findBrowser(explicitPath?: string): Promise<string> {
  if (explicitPath !== undefined) {
    if (await isExecutableFile(explicitPath)) return explicitPath
    throw new ConfigError(
      `The Chromium executable ${explicitPath} does not exist or is not an executable file: fix CHROME_PATH, or unset it to search PATH`,
    )
  }
  const found = (await onPath(NAMES)) ?? (await firstExecutable(LOCATIONS))
  if (found !== undefined) return found
  throw new ConfigError(
    `No Chromium found: looked for ${NAMES.join(', ')} on PATH and in ${LOCATIONS.join(', ')}. ` +
      'Install Chromium (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH to its executable.',
  )
}

const versions = new Map<string, Promise<string>>()

/** `chromium --version` (e.g. 'Chromium 156.0.8078.108 built on Debian…'), run once per path. */
export function browserVersion(executablePath: string): Promise<string> {
  let version = versions.get(executablePath)
  if (version === undefined) {
    version = execa(executablePath, ['--version']).then(
      ({ stdout }) => stdout.trim(),
      (error: unknown) => {
        versions.delete(executablePath)
        throw new ConfigError(`${executablePath} --version failed: ${errorMessage(error)}`, { cause: error })
      },
    )
    versions.set(executablePath, version)
  }
  return version
}

/**
 * How an unpacked extension gets into this browser: Chromium takes --load-extension; branded Google
 * Chrome ignores it since version 137 (DESIGN §8), so there it is loaded over the DevTools pipe.
 */
export function extensionLoading(version: string): 'flag' | 'pipe' {
  const major = /^Google Chrome (\d+)\./.exec(version)?.[1]
  return major !== undefined && Number(major) >= 137 ? 'pipe' : 'flag'
}

// `command -v` resolves names the way the shell would; printing only the ones it finds.
async function onPath(names: readonly string[]): Promise<string | undefined> {
  const { stdout } = await execa('sh', ['-c', 'command -v "$@"', 'sh', ...names], { reject: false })
  const paths = stdout.split('\n').filter((line) => line.startsWith('/'))
  return firstExecutable(paths)
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
