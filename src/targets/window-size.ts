// A browser sizes its window in CSS pixels: at a device scale factor f, a window asked to be the
// screen's size in pixels comes out f times larger than the screen (measured: 2560×1440 on a
// 1280×720 Xvfb at 2 on Chromium 156 and Firefox ESR). So the window is asked for in CSS pixels.
import type { Size } from '../core/frame.ts'

/** The window size, in CSS pixels, that fills a screen of `screen` pixels at `deviceScaleFactor` (rounded down, so it never overflows). */
export function windowSizeFor(screen: Size, deviceScaleFactor = 1): Size {
  return { width: Math.floor(screen.width / deviceScaleFactor), height: Math.floor(screen.height / deviceScaleFactor) }
}
