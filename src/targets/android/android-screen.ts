// The Android surface: `adb exec-out screencap -p` to see (under its own timeout), `adb shell
// input …` to act (input-plan.ts), settled by frame stability like X11. Sizes come from the
// captured frame; `wm size`/`wm density` map frame pixels to input coordinates and scroll distances.
import { setTimeout as sleep } from 'node:timers/promises'
import { describeAction, redactAction, type Action } from '../../core/action.ts'
import { TargetError, errorMessage } from '../../core/errors.ts'
import type { Frame, Size } from '../../core/frame.ts'
import { changesOf, waitForStable, type Screen, type SettleOptions, type SettleResult } from '../../core/screen.ts'
import { encodePng } from '../frame-encoder.ts'
import type { AdbDevice } from './adb-device.ts'
import { inputScale, parseWmDensity, parseWmSize, type DisplayInfo } from './display-info.ts'
import { planInput, type AdbStep, type InputContext } from './input-plan.ts'

export interface AndroidScreenOptions {
  /** Timeout of one screencap, ms (default 10 s). */
  captureTimeoutMs?: number
  /** Durations of gestures, ms: a long press (right click), a scroll swipe, a drag. */
  longPressMs?: number
  swipeMs?: number
  dragMs?: number
  signal?: AbortSignal
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export class AndroidScreen implements Screen {
  readonly kind = 'android'
  readonly device: AdbDevice
  readonly display: DisplayInfo
  #size: Size
  readonly #options: AndroidScreenOptions

  private constructor(device: AdbDevice, display: DisplayInfo, size: Size, options: AndroidScreenOptions) {
    this.device = device
    this.display = display
    this.#size = size
    this.#options = options
  }

  /** Reads the display (`wm size`, `wm density`) and captures once, so the size is the frame's. */
  static async open(device: AdbDevice, options: AndroidScreenOptions = {}): Promise<AndroidScreen> {
    const signal = options.signal
    const [size, density] = await Promise.all([device.shell(['wm', 'size'], { signal }), device.shell(['wm', 'density'], { signal })])
    let display: DisplayInfo
    try {
      display = { ...parseWmSize(size.stdout), density: parseWmDensity(density.stdout) }
    } catch (error) {
      throw new TargetError(`cannot read the display of ${device.serial}: ${errorMessage(error)}`, { cause: error })
    }
    const screen = new AndroidScreen(device, display, display.override ?? display.physical, options)
    await screen.capture({ signal })
    return screen
  }

  /** The last captured frame's size: it follows the device into landscape. */
  get size(): Size {
    return this.#size
  }

  async capture({ signal }: { signal?: AbortSignal } = {}): Promise<Frame> {
    const at = Date.now()
    const png = await this.device.execOut(['screencap', '-p'], { timeoutMs: this.#options.captureTimeoutMs ?? 10_000, signal })
    if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) {
      const said = png.subarray(0, 200).toString('utf8').trim() || 'nothing'
      throw new TargetError(`adb exec-out screencap -p on ${this.device.serial} returned no PNG (${png.length} bytes): ${said}`)
    }
    const frame = await encodePng(png, { at })
    this.#size = { width: frame.width, height: frame.height }
    return frame
  }

  async perform(action: Action, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
    signal?.throwIfAborted()
    let steps: AdbStep[]
    try {
      steps = planInput(action, this.#inputContext())
    } catch (error) {
      throw this.#actionFailed(action, errorMessage(error), error)
    }
    for (const step of steps) {
      if ('sleepMs' in step) {
        await sleep(step.sleepMs, undefined, { signal }).catch(() => signal?.throwIfAborted())
        continue
      }
      try {
        const { stderr } = await this.device.shell(step.shell, { signal })
        // `input` reports some failures (an exception, a usage text) on stderr with exit code 0
        if (/Exception|Error:|Usage:/.test(stderr)) throw new TargetError(stderr.trim().split('\n').slice(0, 2).join(' '))
      } catch (error) {
        signal?.throwIfAborted()
        if (error instanceof TargetError && error.code === 'AGENTPROBE_TARGET_CRASHED') throw error
        throw this.#actionFailed(action, errorMessage(error), error, `adb shell ${step.shell.join(' ')}`)
      }
    }
  }

  settle(options: SettleOptions = {}): Promise<SettleResult> {
    return waitForStable(changesOf(async () => (await this.capture({ signal: options.signal })).hash), options)
  }

  #inputContext(): InputContext {
    const { longPressMs, swipeMs, dragMs } = this.#options
    return { screen: this.#size, scale: inputScale(this.#size, this.display), density: this.display.density, longPressMs, swipeMs, dragMs }
  }

  #actionFailed(action: Action, reason: string, cause: unknown, command?: string): TargetError {
    return new TargetError(`adb could not ${describeAction(action)} on ${this.device.serial}: ${reason}`, {
      code: 'AGENTPROBE_ACTION_FAILED',
      cause,
      context: { action: redactAction(action), serial: this.device.serial, ...(command && { command }) },
    })
  }
}
