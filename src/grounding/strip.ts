// The browser's toolbar strip (tabs, omnibox, action icons): where an extension's icon is looked
// for first. Found as the lowest edge line across most of the frame's width near its top.
import type { Box } from '../core/geometry.ts'
import { edgeMaps } from './layout.ts'
import { toGray, type Raster } from './raster.ts'

/** From the top of the frame to its lowest full-width line in the top `depth` (default 15 %). */
export function toolbarStrip(raster: Raster, depth = 0.15): Box | undefined {
  const rows = Math.max(1, Math.round(raster.height * depth))
  const top = { data: raster.data.subarray(0, rows * raster.width * 3), width: raster.width, height: rows }
  const { rule } = edgeMaps(toGray(top), top.width, top.height)
  for (let y = rows - 1; y > 0; y--) {
    let covered = 0
    for (let x = 0, i = y * raster.width; x < raster.width; x++, i++) if (rule[i]! & 1) covered++
    if (covered >= 0.8 * raster.width) return { x: 0, y: 0, width: raster.width, height: y + 1 }
  }
  return undefined
}
