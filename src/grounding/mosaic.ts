// Many small regions, one OCR call: each region is normalised (dark text on white, whatever its
// colours), scaled up when its text is small, and stacked into one image with white gaps, so
// Tesseract sees clean isolated lines. Word boxes map back to frame pixels through the placements.
import type { Box } from '../core/geometry.ts'
import { colourDistance, pixel, type Rgb } from './boxes.ts'
import type { Raster } from './raster.ts'

export interface Tile {
  /** Frame pixels to read. */
  region: Box
  /** The colour the text sits on; every pixel becomes its distance from it. */
  background: Rgb
  /** Whole-number upscale factor. */
  scale: number
  /** Parts painted white: boxes inside the region, read as tiles of their own. */
  masks: readonly Box[]
  /** Also painted white: frame pixels outside the shape of the box the tile sits in (rounded corners). */
  outside?: (x: number, y: number) => boolean
}

export interface Placement {
  tile: Tile
  /** Top-left corner in the mosaic. */
  x: number
  y: number
}

export interface Mosaic {
  gray: Uint8Array
  width: number
  height: number
  placements: Placement[]
}

const GAP = 16

/** The tiles stacked top to bottom. `erase` marks frame pixels to paint white (ruling lines). */
export function buildMosaic(raster: Raster, tiles: readonly Tile[], erase?: Uint8Array): Mosaic {
  const width = Math.max(1, ...tiles.map((t) => t.region.width * t.scale)) + 2 * GAP
  const placements: Placement[] = []
  let y = GAP
  for (const tile of tiles) {
    placements.push({ tile, x: GAP, y })
    y += tile.region.height * tile.scale + GAP
  }
  const height = Math.max(y, 2 * GAP)
  const gray = new Uint8Array(width * height).fill(255)
  for (const p of placements) {
    const plain = normalise(raster, p.tile, erase)
    paintScaled(gray, width, p, plain)
  }
  return { gray, width, height, placements }
}

/** Dark where a pixel differs from the tile's background, contrast stretched. */
function normalise(raster: Raster, tile: Tile, erase?: Uint8Array): Uint8Array {
  const { x: rx, y: ry, width: w, height: h } = tile.region
  const distance = new Uint8Array(w * h)
  const histogram = new Uint32Array(256)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const fx = rx + x
      const fy = ry + y
      const masked = erase?.[fy * raster.width + fx] || tile.outside?.(fx, fy) || tile.masks.some((m) => contains(m, fx, fy))
      const d = masked ? 0 : colourDistance(pixel(raster, fx, fy), tile.background)
      distance[y * w + x] = d
      histogram[d]!++
    }
  }
  // Most of a tile is background: its median distance is the floor (a gradient's drift), the
  // 98th percentile the ink; stretch the span between them to white..black.
  const floor = percentile(histogram, distance.length, 0.5)
  const ink = Math.max(floor + 48, percentile(histogram, distance.length, 0.98))
  return distance.map((d) => 255 - Math.min(255, Math.max(0, Math.round(((d - floor) * 255) / (ink - floor)))))
}

function percentile(histogram: Uint32Array, count: number, p: number): number {
  let seen = 0
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!
    if (seen >= p * count) return v
  }
  return histogram.length - 1
}

function contains(box: Box, x: number, y: number): boolean {
  return x >= box.x && y >= box.y && x < box.x + box.width && y < box.y + box.height
}

/** Bilinear upscale of a tile into its place in the mosaic. */
function paintScaled(gray: Uint8Array, width: number, p: Placement, plain: Uint8Array): void {
  const { width: w, height: h } = p.tile.region
  const s = p.tile.scale
  for (let y = 0; y < h * s; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / s - 0.5))
    const y0 = Math.floor(sy)
    const y1 = Math.min(h - 1, y0 + 1)
    const fy = sy - y0
    for (let x = 0; x < w * s; x++) {
      const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / s - 0.5))
      const x0 = Math.floor(sx)
      const x1 = Math.min(w - 1, x0 + 1)
      const fx = sx - x0
      const top = plain[y0 * w + x0]! * (1 - fx) + plain[y0 * w + x1]! * fx
      const bottom = plain[y1 * w + x0]! * (1 - fx) + plain[y1 * w + x1]! * fx
      gray[(p.y + y) * width + p.x + x] = Math.round(top * (1 - fy) + bottom * fy)
    }
  }
}

/** A box found in the mosaic, in frame pixels; undefined when its centre is in a gap. */
export function toFrameBox(mosaic: Mosaic, box: Box): Box | undefined {
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const p = mosaic.placements.find((q) =>
    contains({ x: q.x, y: q.y, width: q.tile.region.width * q.tile.scale, height: q.tile.region.height * q.tile.scale }, cx, cy),
  )
  if (!p) return undefined
  const { region, scale } = p.tile
  const x0 = Math.max(region.x, region.x + Math.floor((box.x - p.x) / scale))
  const y0 = Math.max(region.y, region.y + Math.floor((box.y - p.y) / scale))
  const x1 = Math.min(region.x + region.width, region.x + Math.ceil((box.x + box.width - p.x) / scale))
  const y1 = Math.min(region.y + region.height, region.y + Math.ceil((box.y + box.height - p.y) / scale))
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}
