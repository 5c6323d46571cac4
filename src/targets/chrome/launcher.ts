// Starts a Chromium for a test: a fresh profile, the extension loaded and its icon pinned, the
// window filling the display. It resolves only once DevTools answers and, with an extension, the
// extension is loaded and its service worker (if it has one) listed, so the first step never races the start.
import { TargetError, errorMessage } from '../../core/errors.ts'
import type { Size } from '../../core/frame.ts'
import type { ColorScheme } from '../browser.ts'
import { chromeArgs, chromeEnv } from './chrome-args.ts'
import { stillToolkitEnv } from '../still-toolkit.ts'
import { desktopStandInsEnv } from './desktop-stand-ins.ts'
import { waitForDevToolsPort } from './devtools-port.ts'
import type { ChromeEndpoint, PipeCall } from './endpoint.ts'
import { loadExtensionDir, type ExtensionDir } from './extension-dir.ts'
import { browserVersion } from '../browser-version.ts'
import { extensionLoading, findBrowser } from './find-browser.ts'
import { createProfile } from './profile.ts'
import { watchGroup } from '../spawn-group.ts'
import { spawnChrome, type SpawnedChrome } from './spawn-chrome.ts'
import { waitUntilReady, type LoadedExtension } from './wait-ready.ts'

export interface LaunchChromeOptions {
  /** From CHROME_PATH; else Chromium is searched for on PATH. */
  executablePath?: string | undefined
  /** The X display to open the window on, e.g. ':99'. */
  display: string
  /** An unpacked extension folder to load and pin. */
  extensionDir?: string | undefined
  /** The window size: the screen's, so the browser fills it. */
  size: Size
  /** The first tab's URL (default about:blank). */
  url?: string | undefined
  /** Extra Chromium flags. */
  args?: readonly string[] | undefined
  locale?: string | undefined
  colorScheme?: ColorScheme | undefined
  deviceScaleFactor?: number | undefined
  /** The default page zoom, written to the profile's preferences (1.5 is 150%). */
  zoom?: number | undefined
  signal?: AbortSignal | undefined
  /** Upper bound on the start, ms (default 30 000). */
  timeout?: number | undefined
  /** How to load the extension: --load-extension, or Extensions.loadUnpacked over the DevTools pipe (default: what the browser supports). */
  extensionLoading?: 'flag' | 'pipe' | undefined
}

/** A running Chromium; `signal` aborts if it dies without `close()`. */
export interface ChromeProcess extends ChromeEndpoint {
  readonly pid: number
  readonly extensionId: string | undefined
  /** The extension's real absolute path, as loaded (its ID is derived from it). */
  readonly extensionPath: string | undefined
  /** The extension's manifest name, for messages. */
  readonly extensionName: string | undefined
  readonly userDataDir: string
  readonly executablePath: string
  /** `chromium --version`, e.g. 'Chromium 156.0.8078.108 built on Debian…'. */
  readonly version: string
  readonly signal: AbortSignal
  readonly closing: boolean
  readonly pipe: PipeCall
  /** Loads (or, when already loaded, reloads from disk) an unpacked extension; resolves with its ID. */
  loadUnpacked(path: string): Promise<string>
  /** The extensions the browser has loaded (Extensions.getExtensions over the DevTools pipe). */
  loadedExtensions(): Promise<LoadedExtension[]>
  /** Kills the whole process group, waits for it and deletes the profile; safe to call twice. */
  close(): Promise<void>
}

/** Launches Chromium and waits until it is ready for a test. */
export async function launchChrome(options: LaunchChromeOptions): Promise<ChromeProcess> {
  const { display, size, url, args, locale, colorScheme, deviceScaleFactor, signal, timeout = 30_000 } = options
  signal?.throwIfAborted()
  const extension = options.extensionDir === undefined ? undefined : await loadExtensionDir(options.extensionDir)
  const executablePath = await findBrowser(options.executablePath)
  const version = await browserVersion(executablePath)
  const loading = options.extensionLoading ?? extensionLoading(version)
  const profile = await createProfile(extension?.id, options.zoom)
  const flagPath = loading === 'flag' ? extension?.path : undefined
  const argv = chromeArgs({ userDataDir: profile.dir, size, extensionPath: flagPath, url, locale, colorScheme, deviceScaleFactor, args })
  let chrome: SpawnedChrome
  try {
    chrome = spawnChrome(executablePath, argv, { display, profileDir: profile.dir, env: { ...chromeEnv(locale), ...(await stillToolkitEnv(profile.dir)), ...(await desktopStandInsEnv(profile.dir)) } })
  } catch (error) {
    await profile.remove()
    throw error
  }
  const { pid, stderrTail } = chrome
  const context = { executablePath, pid, display, userDataDir: profile.dir }

  const watch = watchGroup(chrome, 'Chromium', executablePath, context)
  let closed: Promise<void> | undefined
  const close = (): Promise<void> => {
    watch.closing = true
    closed ??= chrome.kill().then(() => profile.remove())
    return closed
  }

  const startSignal = signal === undefined ? watch.startFailed : AbortSignal.any([watch.startFailed, signal])
  const deadline = performance.now() + timeout
  try {
    const { port, path } = await waitForDevToolsPort(profile.dir, { timeout, signal: startSignal })
    if (extension !== undefined && loading === 'pipe') await chrome.pipe.send('Extensions.loadUnpacked', { path: extension.path })
    const loadedExtensions = async () => (await chrome.pipe.send<{ extensions: LoadedExtension[] }>('Extensions.getExtensions')).extensions
    await waitUntilReady(port, extension, loadedExtensions, { timeout: deadline - performance.now(), signal: startSignal })
    watch.ready = true
    return {
      pid,
      port,
      display,
      webSocketUrl: `ws://127.0.0.1:${port}${path}`,
      extensionId: extension?.id,
      extensionPath: extension?.path,
      extensionName: extension?.name,
      userDataDir: profile.dir,
      executablePath,
      version,
      signal: watch.crashed,
      get closing() {
        return watch.closing
      },
      pipe: (method, params) => chrome.pipe.send(method, params),
      loadUnpacked: async (path) => (await chrome.pipe.send<{ id: string }>('Extensions.loadUnpacked', { path })).id,
      loadedExtensions,
      close,
    }
  } catch (error) {
    await close()
    if (startSignal.aborted && error === startSignal.reason) throw error
    throw startError(error, extension, stderrTail(), context)
  }
}

function startError(error: unknown, extension: ExtensionDir | undefined, stderr: string, context: Record<string, unknown>): Error {
  const hint =
    extension === undefined
      ? ''
      : `\nIf the screen shows "Failed to load extension", Chromium rejected ${extension.path}: fix its manifest.`
  return new TargetError(`Chromium did not become ready: ${errorMessage(error)}${hint}${stderr ? `\n${stderr}` : ''}`, {
    cause: error,
    context,
  })
}
