// The browser's toolbar strip (tabs, omnibox, action icons): where an extension's icon is looked
// for first. Found as the lowest edge line across most of the frame's width near its top.
import type { Box } from '../core/geometry.ts'
import { edgeMaps } from './layout.ts'
import { toGray, type Raster } from './raster.ts'

/**
 * How many rows from the top the toolbar may take: 15 % of the frame at scale 1. A browser at device
 * scale f draws its toolbar f times taller in pixels (173 px of a 720 px screen at 2), so the band
 * grows with it, up to half the frame.
 */
export function toolbarDepth(height: number, scale = 1): number {
  return Math.max(1, Math.round(height * Math.min(0.5, 0.15 * scale)))
}

/**
 * From the top of the frame to its lowest full-width line in the toolbar's band; `scale` is the
 * browser's device scale factor. `rows` is the band's depth: toolbarDepth of the frame's height,
 * given when `raster` is only the band (frameTop).
 */
export function toolbarStrip(raster: Raster, scale = 1, rows = toolbarDepth(raster.height, scale)): Box | undefined {
  const top = { data: raster.data.subarray(0, rows * raster.width * 3), width: raster.width, height: rows }
  const { rule } = edgeMaps(toGray(top), top.width, top.height)
  for (let y = rows - 1; y > 0; y--) {
    let covered = 0
    for (let x = 0, i = y * raster.width; x < raster.width; x++, i++) if (rule[i]! & 1) covered++
    if (covered >= 0.8 * raster.width) return { x: 0, y: 0, width: raster.width, height: y + 1 }
  }
  return undefined
}
