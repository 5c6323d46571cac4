// An in-memory Screen: a tiny frame whose content is whatever the test sets, recording every action.
import type { Action } from '../core/action.ts'
import { contentHash, pngFrame, type Frame, type Size } from '../core/frame.ts'
import type { Screen, SettleResult } from '../core/screen.ts'

export class FakeScreen implements Screen {
  readonly kind = 'fake'
  readonly size: Size
  readonly performed: Action[] = []
  /** The current screen content; change it (e.g. in `onPerform`) to make frames differ. */
  content = 'initial'
  blank = false
  onPerform?: (action: Action, screen: FakeScreen) => void | Promise<void>
  failCaptureWith?: Error

  constructor(size: Size = { width: 200, height: 100 }) {
    this.size = size
  }

  async capture(): Promise<Frame> {
    if (this.failCaptureWith) throw this.failCaptureWith
    const png = new TextEncoder().encode(this.content)
    const hash = contentHash(png)
    return pngFrame(png, { ...this.size, hash, phash: hash.padEnd(64, '0'), at: Date.now(), luma: { mean: 128, stdev: this.blank ? 0 : 40 } })
  }

  async perform(action: Action): Promise<void> {
    this.performed.push(action)
    await this.onPerform?.(action, this)
  }

  async settle(): Promise<SettleResult> {
    return { stable: true, waitedMs: 0 }
  }
}
