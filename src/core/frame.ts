// Frames and their fingerprints. `hash` is exact (any pixel change alters it): it drives settle,
// no_progress and repeated_action. `phash` is perceptual (a grid of cell means): it survives a
// blinking caret or anti-aliasing and is what cassettes compare.
import { createHash } from 'node:crypto'

export interface Size {
  width: number
  height: number
}

export interface Frame extends Size {
  png: Uint8Array
  /** Exact content hash of the pixels (hex). */
  hash: string
  /** Perceptual grid hash (see gridHash). */
  phash: string
  /** Capture time, ms since the epoch. */
  at: number
  /** Luma statistics, when the encoder computed them (blank-frame detection). */
  luma?: LumaStats
}

export function contentHash(pixels: Uint8Array): string {
  return createHash('sha1').update(pixels).digest('hex').slice(0, 16)
}

/** The perceptual grid: 48×27 cells (40 px squares at 1920×1080), one mean luma byte each. */
export const GRID_WIDTH = 48
export const GRID_HEIGHT = 27

/** A grid of cell means as hex: what cassettes store and compare. */
export function gridHash(gray: Uint8Array): string {
  if (gray.length !== GRID_WIDTH * GRID_HEIGHT) {
    throw new RangeError(`gridHash needs ${GRID_WIDTH}×${GRID_HEIGHT} grayscale cells, got ${gray.length}`)
  }
  return Buffer.from(gray).toString('hex')
}

/**
 * How many cells of two grid hashes differ by more than `tolerance` luma levels. Measured on real
 * frames: a blinking caret or anti-aliasing moves a cell by 0–2 levels, a focus ring changes 2
 * cells, an opened popup 16, a restyled or moved button several.
 */
export function frameDistance(a: string, b: string, tolerance = 8): number {
  if (a.length !== b.length || a.length === 0) return Number.POSITIVE_INFINITY
  let cells = 0
  for (let i = 0; i < a.length; i += 2) {
    if (Math.abs(Number.parseInt(a.slice(i, i + 2), 16) - Number.parseInt(b.slice(i, i + 2), 16)) > tolerance) cells++
  }
  return cells
}

/** The same screen, for replay: at most `maxCells` cells changed noticeably. */
export function framesMatch(a: string, b: string, maxCells = 3): boolean {
  return frameDistance(a, b) <= maxCells
}

export interface LumaStats {
  mean: number
  stdev: number
}

/** A frame is blank when it is (near) uniform: nothing rendered, or the app crashed. */
export function isBlankFrame(stats: LumaStats, threshold = 2): boolean {
  return stats.stdev < threshold
}
