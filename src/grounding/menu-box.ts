// Where a context menu opened, from two frames: the one a right-click was decided on and one after
// it. Chromium draws its menu white on a white page with no border, so its edges cannot be seen on
// one frame; what changed near the click point can. Without a change (the menu not drawn yet, a
// page that drew its own), the menu is assumed where Chrome puts it: below and right of the click,
// flipped to the other side when the screen's edge is near.
import type { Point } from '../core/action.ts'
import type { Box } from '../core/geometry.ts'
import type { Raster } from './raster.ts'

export interface MenuBox {
  box: Box
  /** 'difference': read from the frames; 'assumed': placed by the click point alone. */
  how: 'difference' | 'assumed'
}

/** Sum of channel differences above which a pixel changed (JPEG-free frames: small noise only). */
const CHANGED = 48
/** How far a menu reaches from the click point, at most (a long menu, wide shortcuts). */
const REACH = { x: 560, y: 900 }
/** The box assumed when no change is seen: a typical Chromium page menu. */
const ASSUMED = { width: 420, height: 640 }
/** The changed area must touch the click point within this many pixels to be its menu. */
const NEAR = 48
/** Fewer changed pixels than this near the click is not a menu (a caret, a hover tint). */
const MIN_CHANGED = 200

export function openedMenuBox(before: Raster, after: Raster, at: Point): MenuBox {
  const changed = before.width === after.width && before.height === after.height ? differenceBox(before, after, at) : undefined
  if (changed) return { box: changed, how: 'difference' }
  return { box: assumedBox(at, { width: after.width, height: after.height }), how: 'assumed' }
}

/** The bounding box of pixels that changed within a menu's reach of `at`, when it is near `at`. */
function differenceBox(before: Raster, after: Raster, at: Point): Box | undefined {
  const x0 = Math.max(0, at.x - REACH.x)
  const x1 = Math.min(after.width, at.x + REACH.x)
  const y0 = Math.max(0, at.y - REACH.y)
  const y1 = Math.min(after.height, at.y + REACH.y)
  let minX = Infinity
  let minY = Infinity
  let maxX = -1
  let maxY = -1
  let count = 0
  for (let y = y0; y < y1; y++) {
    for (let x = x0, p = (y * after.width + x0) * 3; x < x1; x++, p += 3) {
      const d = Math.abs(before.data[p]! - after.data[p]!) + Math.abs(before.data[p + 1]! - after.data[p + 1]!) + Math.abs(before.data[p + 2]! - after.data[p + 2]!)
      if (d <= CHANGED) continue
      count++
      if (x < minX) minX = x
      if (x > maxX) maxX = x
      if (y < minY) minY = y
      if (y > maxY) maxY = y
    }
  }
  if (count < MIN_CHANGED) return undefined
  const box = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 }
  const touches = at.x >= box.x - NEAR && at.x <= box.x + box.width + NEAR && at.y >= box.y - NEAR && at.y <= box.y + box.height + NEAR
  return touches ? box : undefined
}

/** Below and right of the click, or above / left of it where the screen ends first. */
export function assumedBox(at: Point, screen: { width: number; height: number }): Box {
  const width = Math.min(ASSUMED.width, screen.width)
  const height = Math.min(ASSUMED.height, screen.height)
  const x = at.x + width <= screen.width ? at.x : Math.max(0, at.x - width)
  const y = at.y + height <= screen.height ? at.y : Math.max(0, screen.height - height)
  return { x, y, width, height }
}
