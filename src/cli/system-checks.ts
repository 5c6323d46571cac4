// What the machine needs for agentprobe: Node, the X tools, a Chromium that still loads unpacked
// extensions, the Android SDK's adb, and the display in DISPLAY when one is named.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import { errorMessage } from '../core/errors.ts'
import { resolveAndroid } from '../config/android-options.ts'
import { X11Screen } from '../targets/x11/x11-screen.ts'
import { WINDOW_MANAGER } from '../targets/x11/window-manager.ts'
import { browserVersion } from '../targets/browser-version.ts'
import { extensionLoading, findBrowser } from '../targets/chrome/find-browser.ts'
import { findFirefox, firefoxMajor } from '../targets/firefox/find-firefox.ts'
import { guarded, type Check } from './check.ts'

const APT = 'sudo apt-get install -y'
const MIN_NODE = [22, 12] as const

export function checkNode(version = process.versions.node): Check {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  const ok = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])
  return {
    name: 'node',
    status: ok ? 'ok' : 'fail',
    detail: `${version} (needs >= ${MIN_NODE.join('.')})`,
    fix: 'npm install -g --prefix /usr/local node@24 (or: nvm install 24)',
  }
}

interface Tool {
  command: string
  /** The check's name, when the command's is too long for doctor's column. */
  name?: string
  apt: string
  why: string
  versionArgs?: string[]
  /** A missing optional tool is a warning, not a failure. */
  optional?: boolean
}

export const TOOLS: Tool[] = [
  { command: 'Xvfb', apt: 'xvfb', why: 'the virtual display' },
  { command: 'xdotool', apt: 'xdotool', why: 'real mouse and keyboard input', versionArgs: ['--version'] },
  { command: 'scrot', apt: 'scrot', why: 'captures of a display named in DISPLAY', versionArgs: ['--version'] },
  { command: 'xmodmap', apt: 'x11-xserver-utils', why: 'typing non-ASCII text', optional: true },
  { command: WINDOW_MANAGER, name: 'matchbox', apt: WINDOW_MANAGER, why: "Firefox's popups closing on Escape and on a click elsewhere", optional: true },
]

/** adb where the Android target looks for it: ANDROID_HOME, ANDROID_SDK_ROOT, then the usual SDK folders. */
export function checkAndroidSdk(env: Record<string, string | undefined>): Check {
  const fix = `${APT} adb (Debian's SDK folder is /usr/lib/android-sdk), or set ANDROID_HOME to your Android SDK`
  try {
    const sdk = resolveAndroid({}, env)
    const adb = join(sdk.sdkRoot, 'platform-tools', 'adb')
    return existsSync(adb)
      ? { name: 'adb', status: 'ok', detail: `${adb} (SDK ${sdk.sdkReason})` }
      : { name: 'adb', status: 'fail', detail: `${adb} does not exist (SDK ${sdk.sdkReason})`, fix }
  } catch (error) {
    return { name: 'adb', status: 'fail', detail: errorMessage(error), fix }
  }
}

export async function checkTool(tool: Tool, env: Record<string, string | undefined>): Promise<Check> {
  const { stdout } = await execa('/bin/sh', ['-c', 'command -v "$1"', 'sh', tool.command], { env, extendEnv: false, reject: false })
  const path = stdout.trim()
  if (!path) {
    return { name: tool.name ?? tool.command, status: tool.optional ? 'warn' : 'fail', detail: `${tool.name ? `${tool.command} ` : ''}not found on PATH (needed for ${tool.why})`, fix: `${APT} ${tool.apt}` }
  }
  const version = tool.versionArgs ? await firstLine(path, tool.versionArgs) : undefined
  return { name: tool.name ?? tool.command, status: 'ok', detail: version ? `${path} (${version})` : path }
}

async function firstLine(path: string, args: string[]): Promise<string | undefined> {
  const r = await execa(path, args, { reject: false, timeout: 5000 })
  return `${r.stdout}\n${r.stderr}`.split('\n').find((line) => line.trim())?.replace(/\s+Copyright.*$/, '').trim()
}

export function checkChromium(chromePath: string | undefined): Promise<Check> {
  const fix = `${APT} chromium (or set CHROME_PATH to a Chromium or Chrome for Testing build)`
  return guarded('chromium', fix, async () => {
    const path = await findBrowser(chromePath)
    const version = await browserVersion(path)
    const how =
      extensionLoading(version) === 'flag'
        ? 'accepts --load-extension'
        : 'ignores --load-extension: the extension is loaded with Extensions.loadUnpacked over the DevTools pipe'
    return { name: 'chromium', status: 'ok', detail: `${path}: ${version}, ${how}` }
  })
}

/** The oldest Firefox agentprobe has been run on (Debian 12's firefox-esr). */
const FIREFOX_MEASURED = 153

/** Firefox, for `browser: 'firefox'`: a warning when it is missing (Chromium is the default) or older than any measured. */
export function checkFirefox(firefoxPath: string | undefined): Promise<Check> {
  const fix = `${APT} firefox-esr (or set FIREFOX_PATH to a Firefox executable)`
  return guarded('firefox', fix, async () => {
    const path = await findFirefox(firefoxPath).catch(() => undefined)
    if (path === undefined) return { name: 'firefox', status: 'warn', detail: "not found (only browser: 'firefox' needs it)", fix }
    const version = await browserVersion(path)
    const major = firefoxMajor(version)
    if (major === undefined || major < FIREFOX_MEASURED) {
      return { name: 'firefox', status: 'warn', detail: `${path}: ${version}; agentprobe is measured on Firefox ${FIREFOX_MEASURED} and later (the extension is installed with WebDriver BiDi's webExtension.install)`, fix }
    }
    return { name: 'firefox', status: 'ok', detail: `${path}: ${version}, installs the extension over WebDriver BiDi` }
  })
}

/** The seed's workflow names its display (DISPLAY=:99): it must answer. Without one, a private Xvfb starts. */
export async function checkDisplay(display: string | undefined): Promise<Check> {
  if (!display) return { name: 'display', status: 'skip', detail: 'DISPLAY not set: agentprobe starts a private Xvfb' }
  return guarded('display', `Xvfb ${display} -screen 0 1920x1080x24 &  (or unset DISPLAY)`, async () => {
    const screen = await X11Screen.attach({ display })
    await screen.close()
    return { name: 'display', status: 'ok', detail: `DISPLAY=${display} answers, ${screen.size.width}×${screen.size.height}` }
  })
}
