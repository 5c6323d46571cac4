// The X11 surface: an Xvfb display seen as pixels (framebuffer file or scrot) and driven with
// real input events (xdotool). Either owns its Xvfb (`start`) or uses an existing one (`attach`).
import { execa } from 'execa'
import { sleep } from '../../core/abort.ts'
import type { Action } from '../../core/action.ts'
import { TargetError } from '../../core/errors.ts'
import type { Frame, Size } from '../../core/frame.ts'
import { waitForStable, type Screen, type SettleOptions, type SettleResult } from '../../core/screen.ts'
import type { CaptureSource } from './capture-source.ts'
import { failureReason } from './failure-reason.ts'
import { framebufferSource } from './framebuffer-source.ts'
import { KeymapBinder } from './keymap.ts'
import { scrotSource } from './scrot-source.ts'
import { performXdotool } from './xdotool.ts'
import { XdotoolSession } from './xdotool-session.ts'
import { startXvfb } from './xvfb.ts'

export interface X11InputOptions {
  /** Delay between typed characters, ms (default 10). */
  typeDelayMs?: number
}

export interface X11StartOptions extends X11InputOptions {
  width: number
  height: number
  /** Colour depth (default 24). */
  depth?: number
  signal?: AbortSignal
}

export interface X11AttachOptions extends X11InputOptions {
  /** An existing display, e.g. ':99'. */
  display: string
  /** The display's XWD framebuffer file, when it is an Xvfb with -fbdir. */
  framebufferPath?: string
  /** The display's size, when the caller knows it (else it is asked for, by an xdotool process). */
  size?: Size
  signal?: AbortSignal
}

/**
 * How long after the screen last changed a button press may land, ms. Chromium's dialogs (a
 * permission prompt's Allow and Deny) ignore a click that comes sooner after they are shown than
 * the double-click interval; a person never clicks that fast, but the offline model and a replay do.
 * Counted from the last change a settle saw, not its first: clicking 'Grant access' closes the popup
 * (the first change) and the prompt is drawn after it, and a 'Deny' 500 ms after the popup began
 * closing was dropped in 2 of 4 runs of the examples.
 */
const CLICK_AFTER_CHANGE_MS = 500

/** A settle that begins this soon after an action is that action's settle, ms. */
const SETTLES_AN_ACTION_MS = 100

/** Actions that press a pointer button: the ones a dialog may ignore when they come too soon. */
const pressesButton = (action: Action) => action.type === 'click' || action.type === 'double_click' || action.type === 'drag'

/** A Screen on an X display; `display` is where to launch the app under test. */
export class X11Screen implements Screen {
  readonly kind = 'x11'
  readonly size: Size
  readonly #display: string
  readonly #source: CaptureSource
  readonly #typeDelayMs: number | undefined
  readonly #keymap: KeymapBinder
  readonly #input: XdotoolSession
  readonly #owned: boolean
  /** When the last settle saw the screen change last (performance.now()); 0: not yet. */
  #changedAt = 0
  /** Whether every action since the last settle only moved the pointer (undefined: none came). */
  #onlyMoved: boolean | undefined
  /** When the last action ended (performance.now()). */
  #actedAt = 0

  private constructor(display: string, size: Size, source: CaptureSource, { typeDelayMs }: X11InputOptions, owned: boolean) {
    this.#display = display
    this.size = size
    this.#source = source
    this.#typeDelayMs = typeDelayMs
    this.#keymap = new KeymapBinder(display)
    this.#input = new XdotoolSession(display)
    this.#owned = owned
  }

  /** Starts a private Xvfb of this size; close() stops it. */
  static async start({ width, height, depth, signal, ...input }: X11StartOptions): Promise<X11Screen> {
    const xvfb = await startXvfb({ width, height, depth, signal })
    return new X11Screen(xvfb.display, { width, height }, framebufferSource(xvfb), input, true)
  }

  /**
   * Uses a display someone else runs; close() leaves it running. With its framebuffer file (an Xvfb
   * started with -fbdir, e.g. by another process of this run) frames are read from it, else by scrot.
   */
  static async attach({ display, framebufferPath, size: known, signal, ...input }: X11AttachOptions): Promise<X11Screen> {
    const size = known ?? (await displaySize(display, signal))
    const source = framebufferPath
      ? framebufferSource({ display, framebufferPath, stop: async () => undefined })
      : await scrotSource(display)
    return new X11Screen(display, size, source, input, false)
  }

  get display(): string {
    return this.#display
  }

  /** The XWD file frames are read from, when this screen reads a framebuffer (not scrot). */
  get framebufferPath(): string | undefined {
    return this.#source.framebufferPath
  }

  capture({ signal }: { signal?: AbortSignal } = {}): Promise<Frame> {
    return this.#source.capture(signal)
  }

  async perform(action: Action, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
    const early = this.#changedAt + CLICK_AFTER_CHANGE_MS - performance.now()
    if (early > 0 && pressesButton(action)) await sleep(early, signal)
    this.#onlyMoved = (this.#onlyMoved ?? true) && action.type === 'move'
    await this.#source.beforeInput?.()
    await performXdotool(action, { display: this.#display, typeDelayMs: this.#typeDelayMs, signal, keymap: this.#keymap, session: this.#input })
    this.#actedAt = performance.now()
  }

  async settle(options: SettleOptions = {}): Promise<SettleResult> {
    const started = performance.now()
    const changes = this.#source.changes(options.signal)
    const watch = options.captureNext ? { whenQuiet: () => this.#source.ready?.() } : {}
    const result = await waitForStable(changes, options, watch).finally(() => changes.release?.())
    // What a settle right after pointer moves alone sees drawn is their hover state, not a dialog.
    const hover = this.#onlyMoved === true && started - this.#actedAt < SETTLES_AN_ACTION_MS
    this.#onlyMoved = undefined
    if (result.lastChangeMs !== undefined && !hover) this.#changedAt = started + result.lastChangeMs
    return result
  }

  /** Stops the Xvfb if this screen started it; an attached display is left running, its keymap restored. */
  async close(): Promise<void> {
    this.#input.close()
    try {
      if (!this.#owned) await this.#keymap.release()
    } finally {
      await this.#source.close()
    }
  }
}

/** The display's size from `xdotool getdisplaygeometry` ("1280 720"). */
async function displaySize(display: string, signal?: AbortSignal): Promise<Size> {
  const { stdout } = await execa('xdotool', ['getdisplaygeometry'], { env: { DISPLAY: display }, cancelSignal: signal }).catch((error: unknown) => {
    signal?.throwIfAborted()
    throw new TargetError(`cannot reach X display ${display}: ${failureReason(error)}`, { cause: error, context: { display } })
  })
  const match = /^(\d+)\s+(\d+)$/.exec(stdout.trim())
  if (!match) throw new TargetError(`xdotool getdisplaygeometry on ${display} printed ${JSON.stringify(stdout)}, not "WIDTH HEIGHT"`)
  return { width: Number(match[1]), height: Number(match[2]) }
}
