// Which Chromium to drive: CHROME_PATH (passed in by the plugin or CLI), else Chromium or Chrome
// on PATH, else the usual install locations.
import { findExecutable, type ExecutableSearch } from '../find-executable.ts'

const CHROMIUM: ExecutableSearch = {
  browser: 'Chromium',
  variable: 'CHROME_PATH',
  names: ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'],
  locations: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/opt/google/chrome/chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  install: 'apt-get install chromium',
}

/** The Chromium executable to launch; a ConfigError that says how to get one when there is none. */
export function findBrowser(explicitPath?: string): Promise<string> {
  return findExecutable(CHROMIUM, explicitPath)
}

/**
 * How an unpacked extension gets into this browser: Chromium takes --load-extension; branded Google
 * Chrome ignores it since version 137 (DESIGN §8), so there it is loaded over the DevTools pipe.
 */
export function extensionLoading(version: string): 'flag' | 'pipe' {
  const major = /^Google Chrome (\d+)\./.exec(version)?.[1]
  return major !== undefined && Number(major) >= 137 ? 'pipe' : 'flag'
}
