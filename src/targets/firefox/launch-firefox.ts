// Starts a Firefox for a test: a quiet profile of its own (a copy of profile-template.ts's), the
// window filling the display, and the unpacked extension installed as a temporary add-on over
// WebDriver BiDi (puppeteer-core's client). It resolves only once the add-on is installed, so the
// first step never races the start.
import { randomUUID } from 'node:crypto'
import puppeteer, { type Browser as BidiBrowser } from 'puppeteer-core'
import { raceAbort } from '../../core/abort.ts'
import { TargetError, TimeoutError, errorMessage } from '../../core/errors.ts'
import type { Size } from '../../core/frame.ts'
import { browserVersion } from '../browser-version.ts'
import { spawnGroup, watchGroup, type SpawnedGroup } from '../spawn-group.ts'
import { windowSizeFor } from '../window-size.ts'
import { startWindowManager } from '../x11/window-manager.ts'
import { bidiCallOf, type BidiCall } from './bidi-call.ts'
import { bidiEndpoint } from './bidi-endpoint.ts'
import { findFirefox } from './find-firefox.ts'
import { createFirefoxProfile, type FirefoxProfile, type ProfileAppearance } from './firefox-profile.ts'
import { profileTemplate } from './profile-template.ts'
import { readGeckoExtension, type GeckoExtension } from './gecko-extension.ts'

export interface LaunchFirefoxOptions {
  /** From FIREFOX_PATH; else Firefox is searched for on PATH. */
  executablePath?: string | undefined
  /** The X display to open the window on, e.g. ':99'. */
  display: string
  /** An unpacked extension folder to install. */
  extensionDir?: string | undefined
  /** The screen's size in pixels: the window fills it. */
  size: Size
  /** The first tab's URL (default about:blank). */
  url?: string | undefined
  /** The UI language, theme and scale (firefox-profile.ts). */
  appearance?: ProfileAppearance | undefined
  signal?: AbortSignal | undefined
  /** Upper bound on the start, ms (default 60 000: Firefox's first window takes 3–10 s on two busy cores). */
  timeout?: number | undefined
}

/** A running Firefox; `signal` aborts if it dies without `close()`. */
export interface FirefoxProcess {
  readonly pid: number
  /** `firefox --version`, e.g. 'Mozilla Firefox 153.8.0esr'. */
  readonly version: string
  /** The installed extension, when there is one: its folder, add-on id and moz-extension:// origin. */
  readonly extension: InstalledExtension | undefined
  /** The WebDriver BiDi session. */
  readonly bidi: BidiBrowser
  /** The port WebDriver BiDi listens on. */
  readonly port: number
  /** The throw-away profile's folder (deleted at close). */
  readonly profileDir: string
  /** One raw BiDi command over that session. */
  readonly call: BidiCall
  readonly signal: AbortSignal
  readonly closing: boolean
  /** What a run should know of how this Firefox was set up (a missing window manager), one line each. */
  readonly notes: readonly string[]
  /** Installs (or, when installed, reinstalls from disk) the extension; resolves with its add-on id. */
  install(path: string): Promise<string>
  /** Kills the whole process group, waits for it and deletes the profile; safe to call twice. */
  close(): Promise<void>
}

export interface InstalledExtension extends GeckoExtension {
  /** The add-on id Firefox answered (the manifest's gecko id, or one Firefox made up). */
  addonId: string
  /** 'moz-extension://<uuid>/' when the add-on id was known before launch (a gecko id); else undefined. */
  baseUrl: string | undefined
}

/** Launches Firefox and installs the extension. */
export async function launchFirefox(options: LaunchFirefoxOptions): Promise<FirefoxProcess> {
  const { display, size, url = 'about:blank', signal, timeout = 60_000 } = options
  signal?.throwIfAborted()
  const extension = options.extensionDir === undefined ? undefined : await readGeckoExtension(options.extensionDir)
  const executablePath = await findFirefox(options.executablePath)
  const version = await browserVersion(executablePath)
  const uuid = randomUUID()
  const template = await profileTemplate(executablePath)
  const windowManager = await startWindowManager(display)
  const notes = [
    ...('why' in template ? [`agentprobe: ${template.why}; this Firefox starts from an empty profile, ~2 s slower`] : []),
    ...(windowManager.running ? [] : [`agentprobe: Firefox's popups stay open on Escape and on a click elsewhere on this display (ui.popup.disable_autohide): ${windowManager.why}`]),
  ]
  const stopWindowManager = () => (windowManager.running ? windowManager.stop() : Promise.resolve())
  let profile: FirefoxProfile
  try {
    profile = await createFirefoxProfile(extension?.geckoId === undefined ? undefined : { addonId: extension.geckoId, uuid }, options.appearance ?? {}, { windowManager: windowManager.running }, 'dir' in template ? template.dir : undefined)
  } catch (error) {
    await stopWindowManager()
    throw error
  }
  // -remote-allow-system-access: BiDi may then reach Firefox's own window (`moz:scope: 'chrome'`),
  // which alone knows an add-on's popup, sidebar and background page (firefox-helpers.ts).
  // (--width and --height are CSS pixels: at a scale factor, the screen's size divided by it)
  const window = windowSizeFor(size, options.appearance?.deviceScaleFactor)
  const argv = ['--remote-debugging-port', '0', '-remote-allow-system-access', '--profile', profile.dir, '--no-remote', '--width', String(window.width), '--height', String(window.height), url]
  let firefox: SpawnedGroup
  try {
    firefox = spawnGroup(executablePath, argv, { display, dir: profile.dir })
  } catch (error) {
    await profile.remove()
    await stopWindowManager()
    throw error
  }
  const { pid, stderrTail } = firefox
  const context = { executablePath, pid, display, profileDir: profile.dir }

  const watch = watchGroup(firefox, 'Firefox', executablePath, context)
  let bidi: BidiBrowser | undefined
  let closed: Promise<void> | undefined
  const close = (): Promise<void> => {
    watch.closing = true
    closed ??= (async () => {
      await bidi?.disconnect().catch(() => undefined)
      await firefox.kill()
      await stopWindowManager()
      await profile.remove()
    })()
    return closed
  }

  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new TimeoutError(`Firefox did not become ready within ${timeout} ms`)), timeout)
  const startSignal = AbortSignal.any([watch.startFailed, deadline.signal, ...(signal ? [signal] : [])])
  try {
    const origin = await bidiEndpoint(firefox.onStderr, startSignal)
    // session.new answers once the first window has loaded: most of a start's time is spent here.
    const session = puppeteer.connect({ browserWSEndpoint: `${origin}/session`, protocol: 'webDriverBiDi', defaultViewport: null })
    const connected = (bidi = await raceAbort(session, startSignal))
    const install = (path: string) => connected.installExtension(path)
    const installed = extension === undefined ? undefined : await raceAbort(install(extension.path), startSignal)
    watch.ready = true
    return {
      pid,
      version,
      extension: extension && installed !== undefined ? { ...extension, addonId: installed, baseUrl: installed === extension.geckoId ? `moz-extension://${uuid}/` : undefined } : undefined,
      bidi: connected,
      port: Number(new URL(origin).port),
      profileDir: profile.dir,
      notes,
      call: bidiCallOf(connected),
      signal: watch.crashed,
      get closing() {
        return watch.closing
      },
      install,
      close,
    }
  } catch (error) {
    await close()
    if (startSignal.aborted && error === startSignal.reason && !deadline.signal.aborted) throw error
    const hint = extension === undefined ? '' : `\nIf the install failed, Firefox rejected ${extension.path}: fix its manifest.`
    throw new TargetError(`Firefox did not become ready: ${errorMessage(error)}${hint}${stderrTail() ? `\n${stderrTail()}` : ''}`, { cause: error, context })
  } finally {
    clearTimeout(timer)
  }
}
