// Displays and browsers owned by Vitest's main process, one per worker slot, reused across test
// files and across watch-mode reruns: a rerun resets state in place instead of restarting the browser,
// a file with another extension has the browser switched to it (Chromium), and a rebuilt extension
// is reloaded in every browser that runs it. A reset or switch that cannot run costs that file a
// fresh browser, with one line saying why, instead of failing it.
import { ConfigError, TargetError, errorMessage } from '../core/errors.ts'
import type { Size } from '../core/frame.ts'
import { zoomLabel } from '../core/variant.ts'
import type { Browser, BrowserEndpoint, BrowserName, ColorScheme } from '../targets/browser.ts'
import { launchBrowser } from '../targets/browsers.ts'
import { X11Screen } from '../targets/x11/x11-screen.ts'
import { waitForBrowserDrawn } from './browser-drawn.ts'
import { buildFingerprint } from './build-fingerprint.ts'
import { readExtensionInfo } from './extension-info.ts'

export interface PoolOptions {
  /** A display to share instead of one private Xvfb per slot. */
  display?: string
  size: Size
  /** Which browser to run (default chromium). */
  browser?: BrowserName
  /** Its executable (CHROME_PATH or FIREFOX_PATH); else it is searched for on PATH. */
  executablePath?: string
  url?: string
  /** The browsers' UI language and theme (browser.ts). */
  locale?: string
  colorScheme?: ColorScheme
  /** Device pixels per CSS pixel (browser.ts); default 1. */
  deviceScaleFactor?: number
  /** The default page zoom (browser.ts); default 1. */
  zoom?: number
  /** Where the pool's one-line notices go (default stderr). */
  log?: (line: string) => void
}

/** What a worker needs to use a pooled browser: plain data, sent over the pool's HTTP endpoint. */
export interface Lease {
  display: string
  framebufferPath?: string
  endpoint: BrowserEndpoint
  versions: Record<string, string>
  /** The browser's device scale factor, when not 1: the toolbar finders need it. */
  deviceScaleFactor?: number
  /** The browser process, so that a test can tell a reuse from a restart. */
  pid: number
  /** True when a running browser was reset (or switched to this extension) rather than started. */
  reused: boolean
  ms: number
}

interface Slot {
  screen?: X11Screen
  browser?: Browser
  extension?: string
  versions: Record<string, string>
  /** Leases of one slot never overlap; this serialises them. */
  queue: Promise<unknown>
}

export class BrowserPool {
  readonly #options: PoolOptions
  readonly #slots = new Map<string, Slot>()
  readonly #log: (line: string) => void
  #reloading: Promise<unknown> = Promise.resolve()

  constructor(options: PoolOptions) {
    this.#options = options
    this.#log = options.log ?? ((line) => process.stderr.write(`${line}\n`))
  }

  /** A browser on its own display for `slot`, with `extension` loaded and a fresh state. */
  lease(slotId: string, extension: string | undefined): Promise<Lease> {
    const slot = this.#slots.get(slotId) ?? { versions: {}, queue: Promise.resolve() }
    this.#slots.set(slotId, slot)
    const next = slot.queue.then(() => this.#lease(slot, extension))
    slot.queue = next.catch(() => undefined)
    return next
  }

  /** Reloads `extension` in every browser that runs it, once `after` settles; resolves with what it did. */
  reload(extension: string, { after }: { after?: Promise<unknown> } = {}): Promise<{ browsers: number; ms: number }> {
    const run = async () => {
      // Leases queue behind a reload from the moment it is asked for, not from when it starts.
      await after
      const started = performance.now()
      const browsers = [...this.#slots.values()].flatMap((s) => (s.extension === extension && s.browser && !s.browser.signal.aborted ? [s.browser] : []))
      await Promise.all(browsers.map((browser) => browser.reloadExtension()))
      return { browsers: browsers.length, ms: Math.round(performance.now() - started) }
    }
    const done = this.#reloading.then(run, run)
    this.#reloading = done.catch(() => undefined)
    return done
  }

  /** Relays one browser-level call to `slot`'s browser (Chromium's DevTools pipe), which only this process holds. */
  pipe(slotId: string, method: string, params: Record<string, unknown> | undefined): Promise<unknown> {
    const browser = this.#slots.get(slotId)?.browser
    if (browser === undefined || browser.signal.aborted) return Promise.reject(new TargetError(`${method}: slot ${slotId} has no running browser to relay it to`))
    return browser.relay(method, params)
  }

  async close(): Promise<void> {
    await Promise.all([...this.#slots.values()].map((slot) => closeSlot(slot)))
    this.#slots.clear()
  }

  async #lease(slot: Slot, extension: string | undefined): Promise<Lease> {
    await this.#reloading
    const started = performance.now()
    const { size, display, browser: name = 'chromium', executablePath, url, locale, colorScheme, deviceScaleFactor, zoom } = this.#options
    slot.screen ??= display ? await X11Screen.attach({ display }) : await X11Screen.start(size)
    const screen = slot.screen
    const reused = await keepInPlace(slot, extension, url, this.#log)
    let browser = reused ? slot.browser : undefined
    if (browser === undefined) {
      await closeBrowser(slot)
      browser = slot.browser = await launchBrowser(name, { executablePath, display: screen.display, extension, size, url, locale, colorScheme, deviceScaleFactor, zoom })
      for (const note of browser.notes) this.#log(note)
    }
    if (!reused || slot.extension !== extension) {
      slot.extension = extension
      const info = extension ? await readExtensionInfo(extension) : undefined
      // (the language, theme, scale and zoom too: a trace says in what the extension was seen)
      const scale: Record<string, string> = deviceScaleFactor === undefined || deviceScaleFactor === 1 ? {} : { deviceScaleFactor: `${deviceScaleFactor}x` }
      const zoomed: Record<string, string> = zoom === undefined || zoom === 1 ? {} : { zoom: zoomLabel(zoom) }
      slot.versions = { browser: browser.version, ...(info && { extension: `${info.name} ${info.version}` }), ...(locale && { locale }), ...(colorScheme && { colorScheme }), ...scale, ...zoomed }
    }
    // Taken on every lease: a watch-mode rebuild reloads the extension in the same browser.
    if (extension) slot.versions = { ...slot.versions, build: await buildFingerprint(extension).catch(() => 'unreadable') }
    // The first step must see the browser drawn, its toolbar icon included, not a blank display.
    const drawn = await waitForBrowserDrawn(screen, { pinnedIcon: extension !== undefined, scale: deviceScaleFactor })
    if (!drawn.drawn) this.#log(`agentprobe: the browser did not look fully drawn within ${Math.round(drawn.waitedMs)} ms (${drawn.evidence}); the first step may see it half drawn`)
    return {
      display: screen.display,
      ...(screen.framebufferPath && { framebufferPath: screen.framebufferPath }),
      endpoint: browser.endpoint,
      versions: slot.versions,
      ...(deviceScaleFactor !== undefined && { deviceScaleFactor }),
      pid: browser.pid,
      reused,
      ms: Math.round(performance.now() - started),
    }
  }
}

/**
 * Resets the slot's running browser, or switches it to `extension` when it ran another; false
 * (after saying why, when a step failed) when it is gone or cannot be kept.
 */
async function keepInPlace(slot: Slot, extension: string | undefined, url: string | undefined, log: (line: string) => void): Promise<boolean> {
  const { browser } = slot
  if (browser === undefined || browser.signal.aborted) return false
  try {
    if (slot.extension !== extension) return (await browser.switchExtension?.(extension, { url })) ?? false
    await browser.reset({ url })
    return true
  } catch (error) {
    // (a folder that is not an extension fails the launch too: that error is the file's)
    if (error instanceof ConfigError) throw error
    log(`agentprobe: ${errorMessage(error)}; this test file gets a fresh browser`)
    return false
  }
}

async function closeBrowser(slot: Slot): Promise<void> {
  await slot.browser?.close().catch(() => undefined)
  slot.browser = undefined
}

async function closeSlot(slot: Slot): Promise<void> {
  await closeBrowser(slot)
  await slot.screen?.close()
}
