// How an X11Screen gets its pixels: the owned Xvfb's framebuffer file, or scrot on a display it attached to.
import type { ChangeProbe } from '../../core/screen.ts'
import type { Frame } from '../../core/frame.ts'

export interface CaptureSource {
  capture(signal?: AbortSignal): Promise<Frame>
  /**
   * A cheap exact change probe, for one settle; `release`, once the settle is over, gives what it
   * holds (the framebuffer source's read buffers) to the next settle's probe.
   */
  changes(signal?: AbortSignal): ChangeProbe & { release?: () => void }
  /**
   * The input is about to change the screen: the next settle's first look compares with the frame
   * captured last, when nothing was drawn since it, so a reaction drawn before that look is still a
   * change. Only where that frame's pixels are at hand.
   */
  beforeInput?(): Promise<void>
  /**
   * Captures the screen now and computes its fingerprints, off the caller's path: a capture that
   * follows with nothing drawn since finds them done. Only where a capture is cheap.
   */
  ready?(): void
  /** The XWD file it reads, for a framebuffer source. */
  readonly framebufferPath?: string
  /** Releases what the source owns (never a display it did not start). */
  close(): Promise<void>
}
