// Displays and browsers owned by Vitest's main process, one per worker slot, reused across test
// files and across watch-mode reruns: a rerun resets state in place instead of restarting the browser,
// a file with another extension has the browser switched to it (Chromium), and a rebuilt extension
// is reloaded in every browser that runs it. A reset or switch that cannot run costs that file a
// fresh browser, with one line saying why, instead of failing it. The work a lease would wait for
// runs while the next file's worker starts and imports, so its lease finds the browser ready: the
// run's first browsers are launched as it starts, and on a private display the reset runs as soon
// as a file lets go of its slot.
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
  /** The display's size: the worker's screen need not ask the X server. */
  size: Size
  framebufferPath?: string
  endpoint: BrowserEndpoint
  versions: Record<string, string>
  /** The browser's device scale factor, when not 1: the toolbar finders need it. */
  deviceScaleFactor?: number
  /** The browser process, so that a test can tell a reuse from a restart. */
  pid: number
  /** True when a running browser was reset (or switched to this extension) rather than started. */
  reused: boolean
  /** True when that reset ran ahead, after the slot's last file let go, for this extension and build. */
  resetAhead: boolean
  /** True when the browser was started for this extension and build as the run began (launchAhead), not by this lease. */
  launchedAhead: boolean
  ms: number
}

interface Slot {
  screen?: X11Screen
  browser?: Browser
  extension?: string
  versions: Record<string, string>
  /**
   * A browser made ready before its lease, for this extension and build, the window drawn since: reset
   * after the last lease let go, or launched as the run began.
   */
  ahead?: { by: 'reset' | 'launch'; extension: string | undefined; build: string | undefined }
  /** That reset while it runs: a reload waits for it rather than load the extension twice at once. */
  resetting?: Promise<void>
  /** A file holds the browser: from its lease until it lets go. */
  leased?: boolean
  /** Leases of one slot never overlap; this serialises them. */
  queue: Promise<unknown>
}

export class BrowserPool {
  readonly #options: PoolOptions
  readonly #slots = new Map<string, Slot>()
  readonly #log: (line: string) => void
  #reloading: Promise<unknown> = Promise.resolve()
  #closed = false
  /** Slots launched ahead of the run's first leases (launchAhead), not yet leased: a slot new to the pool takes one. */
  readonly #launched: Slot[] = []
  /** Leases this run will still ask for, when the runner said (expectLeases); a reset ahead past the last one is for no one. */
  #leasesToCome: number | undefined

  constructor(options: PoolOptions) {
    this.#options = options
    this.#log = options.log ?? ((line) => process.stderr.write(`${line}\n`))
  }

  /** The run starting now will lease `files` times (one per test file); undefined when the runner cannot say. */
  expectLeases(files: number | undefined): void {
    this.#leasesToCome = files
  }

  /**
   * Starts browsers with `extension` now, for `count` slots in all (the slots the pool has count: each
   * keeps or restarts its own), so that the run's first files find theirs drawn instead of waiting for
   * it after their workers have started. One that fails is left for the lease that takes it to launch
   * again, and to report.
   */
  launchAhead(count: number, extension: string | undefined): void {
    for (let i = this.#slots.size + this.#launched.length; i < count; i++) {
      const slot: Slot = { versions: {}, queue: Promise.resolve() }
      slot.queue = this.#launchAheadIn(slot, extension)
      this.#launched.push(slot)
    }
  }

  /** A browser on its own display for `slot`, with `extension` loaded and a fresh state. */
  lease(slotId: string, extension: string | undefined): Promise<Lease> {
    const slot = this.#slots.get(slotId) ?? this.#launched.shift() ?? { versions: {}, queue: Promise.resolve() }
    this.#slots.set(slotId, slot)
    if (this.#leasesToCome !== undefined) this.#leasesToCome = Math.max(0, this.#leasesToCome - 1)
    const next = slot.queue.then(() => this.#lease(slot, extension))
    slot.queue = next.catch(() => undefined)
    return next
  }

  /**
   * The file that leased `slotId` is done with it: reset its browser now, for the next lease of the
   * same extension, unless the display is the user's, where the last file's screen stays in view
   * until the next file needs the browser, or the run has no file left to lease it.
   */
  release(slotId: string): void {
    const slot = this.#slots.get(slotId)
    if (slot === undefined) return
    slot.leased = false
    if (this.#leasesToCome !== 0) this.#queueResetAhead(slot)
  }

  /**
   * Reloads `extension` in every browser that runs it, once `after` settles; resolves with what it
   * did. A browser no file holds is then reset ahead, as after a release: a watch-mode rerun that
   * follows finds it ready.
   */
  reload(extension: string, { after }: { after?: Promise<unknown> } = {}): Promise<{ browsers: number; ms: number }> {
    const run = async () => {
      // Leases queue behind a reload from the moment it is asked for, not from when it starts.
      await after
      const slots = [...this.#slots.values()].filter((s) => s.extension === extension && s.browser && !s.browser.signal.aborted)
      await Promise.all(slots.map((slot) => slot.resetting))
      const started = performance.now()
      // (a reload opens the extension's onInstalled again: what a reset or launch ahead left no longer holds)
      for (const slot of slots) slot.ahead = undefined
      const browsers = slots.map((s) => s.browser!)
      await Promise.all(browsers.map((browser) => browser.reloadExtension()))
      for (const slot of slots) if (!slot.leased) this.#queueResetAhead(slot)
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
    this.#closed = true
    // (a launch ahead still running would leave its browser behind)
    const launched = this.#launched.splice(0)
    await Promise.all(launched.map((slot) => slot.queue))
    await Promise.all([...this.#slots.values(), ...launched].map((slot) => closeSlot(slot)))
    this.#slots.clear()
  }

  async #lease(slot: Slot, extension: string | undefined): Promise<Lease> {
    await this.#reloading
    const started = performance.now()
    const { deviceScaleFactor } = this.#options
    const screen = (slot.screen ??= await this.#startScreen())
    // Taken on every lease: a watch-mode rebuild reloads the extension in the same browser.
    const build = extension && (await buildOf(extension))
    const ahead = slot.ahead
    slot.ahead = undefined
    // (a build that could not be read is no known build: the lease resets it itself)
    const ready = ahead !== undefined && ahead.extension === extension && ahead.build === build && build !== UNREADABLE && slot.browser !== undefined && !slot.browser.signal.aborted
    const resetAhead = ready && ahead.by === 'reset'
    const launchedAhead = ready && ahead.by === 'launch'
    const reused = resetAhead || (!launchedAhead && (await keepInPlace(slot, extension, this.#options.url, this.#log)))
    const browser = reused || launchedAhead ? slot.browser! : await this.#launch(slot, screen, extension)
    // (switched to it in place)
    if (reused && slot.extension !== extension) await this.#recordExtension(slot, extension)
    // The first step must see the browser drawn, its toolbar icon included, not a blank display
    // (a reset or launch ahead saw it drawn, and nothing has used the browser since).
    if (!ready) {
      const drawn = await this.#drawn(screen, extension)
      if (!drawn.drawn) this.#log(`agentprobe: the browser did not look fully drawn within ${Math.round(drawn.waitedMs)} ms (${drawn.evidence}); the first step may see it half drawn`)
    }
    if (build !== undefined) slot.versions = { ...slot.versions, build }
    slot.leased = true
    return {
      display: screen.display,
      size: screen.size,
      ...(screen.framebufferPath && { framebufferPath: screen.framebufferPath }),
      endpoint: browser.endpoint,
      versions: slot.versions,
      ...(deviceScaleFactor !== undefined && { deviceScaleFactor }),
      pid: browser.pid,
      reused,
      resetAhead,
      launchedAhead,
      ms: Math.round(performance.now() - started),
    }
  }

  /** A slot's screen: the display the user named, or a private Xvfb. */
  #startScreen(): Promise<X11Screen> {
    const { display, size } = this.#options
    return display ? X11Screen.attach({ display }) : X11Screen.start(size)
  }

  /** Starts the slot's browser afresh on `screen`, with `extension`, and records what it runs. */
  async #launch(slot: Slot, screen: X11Screen, extension: string | undefined): Promise<Browser> {
    const { size, browser: name = 'chromium', executablePath, url, locale, colorScheme, deviceScaleFactor, zoom } = this.#options
    await closeBrowser(slot)
    const browser = (slot.browser = await launchBrowser(name, { executablePath, display: screen.display, extension, size, url, locale, colorScheme, deviceScaleFactor, zoom }))
    for (const note of browser.notes) this.#log(note)
    await this.#recordExtension(slot, extension)
    return browser
  }

  /** What the slot's browser runs, for traces: the browser, the extension, and the language, theme, scale and zoom it is seen in. */
  async #recordExtension(slot: Slot, extension: string | undefined): Promise<void> {
    const { locale, colorScheme, deviceScaleFactor, zoom } = this.#options
    slot.extension = extension
    const info = extension ? await readExtensionInfo(extension) : undefined
    const scale: Record<string, string> = deviceScaleFactor === undefined || deviceScaleFactor === 1 ? {} : { deviceScaleFactor: `${deviceScaleFactor}x` }
    const zoomed: Record<string, string> = zoom === undefined || zoom === 1 ? {} : { zoom: zoomLabel(zoom) }
    slot.versions = { browser: slot.browser!.version, ...(info && { extension: `${info.name} ${info.version}` }), ...(locale && { locale }), ...(colorScheme && { colorScheme }), ...scale, ...zoomed }
  }

  /** Launches a browser for a slot no lease has asked for yet, and waits until it is drawn. */
  async #launchAheadIn(slot: Slot, extension: string | undefined): Promise<void> {
    try {
      const screen = (slot.screen = await this.#startScreen())
      const build = extension && (await buildOf(extension))
      await this.#launch(slot, screen, extension)
      if ((await this.#drawn(screen, extension)).drawn) slot.ahead = { by: 'launch', extension, build }
    } catch {
      // (the lease launches it again, and that error is the file's)
      await closeBrowser(slot)
    }
  }

  /** Waits until the slot's screen shows the browser drawn, with the extension's button pinned when there is one. */
  #drawn(screen: X11Screen, extension: string | undefined) {
    return waitForBrowserDrawn(screen, { pinnedIcon: extension !== undefined, scale: this.#options.deviceScaleFactor })
  }

  /** Queues a reset ahead of the slot's next lease; none on a display the user named, where the last file's screen stays in view. */
  #queueResetAhead(slot: Slot): void {
    if (this.#options.display === undefined) slot.queue = slot.queue.then(() => this.#resetAhead(slot))
  }

  /** The reset the next lease of this extension would run, run now; what fails is left for that lease to try again, and to report. */
  async #resetAhead(slot: Slot): Promise<void> {
    await this.#reloading
    const { browser, screen, extension } = slot
    if (this.#closed || browser === undefined || browser.signal.aborted || screen === undefined) return
    const reset = async () => {
      try {
        // (the build as the reset will load it: one written during the reset is a different build)
        const build = extension && (await buildOf(extension))
        let drawn = false
        await browser.reset({ url: this.#options.url, whileSettling: async () => (drawn = (await this.#drawn(screen, extension)).drawn) })
        if (drawn && !this.#closed) slot.ahead = { by: 'reset', extension, build }
      } catch {
        slot.ahead = undefined
      }
    }
    // (set only past the wait on reloads above: a reload waiting for it, while it waited for that reload, would wait for ever)
    slot.resetting = reset()
    await slot.resetting
    slot.resetting = undefined
  }
}

const UNREADABLE = 'unreadable'

/** The build's fingerprint, recorded in traces; UNREADABLE when its folder cannot be read. */
const buildOf = (extension: string): Promise<string> => buildFingerprint(extension).catch(() => UNREADABLE)

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
