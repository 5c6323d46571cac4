// Which Firefox to drive: FIREFOX_PATH (passed in by the plugin or CLI), else Firefox ESR or
// Firefox on PATH, else the usual install locations.
import { findExecutable, type ExecutableSearch } from '../find-executable.ts'

const FIREFOX: ExecutableSearch = {
  browser: 'Firefox',
  variable: 'FIREFOX_PATH',
  names: ['firefox-esr', 'firefox'],
  locations: ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr', '/snap/bin/firefox', '/Applications/Firefox.app/Contents/MacOS/firefox'],
  install: 'apt-get install firefox-esr',
}

/** The Firefox executable to launch; a ConfigError naming PATH and FIREFOX_PATH when there is none. */
export function findFirefox(explicitPath?: string): Promise<string> {
  return findExecutable(FIREFOX, explicitPath)
}

/** The major version in `firefox --version` ('Mozilla Firefox 153.8.0esr' → 153), undefined when unreadable. */
export function firefoxMajor(version: string): number | undefined {
  const major = /Firefox (\d+)\./.exec(version)?.[1]
  return major === undefined ? undefined : Number(major)
}
