// Frames and their fingerprints. `hash` is exact (any pixel change alters it): it drives settle,
// no_progress and repeated_action. `phash` is perceptual (a grid of cell means): it survives a
// blinking caret or anti-aliasing and is what cassettes compare.
import { createHash } from 'node:crypto'

export interface Size {
  width: number
  height: number
}

/** Tightly packed 8-bit RGB, row by row. */
export interface Raster extends Size {
  data: Uint8Array
}

/**
 * A frame's pixels as an image library takes them: PNG bytes, or tight RGB rows with their size
 * (`sharp(data, { raw })`), so a resize or a decode of a raw capture skips a PNG round trip.
 */
export interface FrameImage {
  data: Uint8Array
  raw?: { width: number; height: number; channels: 3 }
}

/**
 * A captured screen. A frame captured as raw pixels does only what is asked of it: its hashes and
 * luma are computed on first read, and its PNG encoded on first call, once (settle, replay matching
 * and hashing never pay for a PNG; a frame that goes to a model is resized from the raw pixels).
 */
export interface Frame extends Size {
  /** The frame as PNG at its own size: encoded on first call and kept. */
  png(): Promise<Uint8Array>
  /** The pixels for an image library, without encoding a PNG when the frame has raw pixels. */
  image(): Promise<FrameImage>
  /**
   * The top `rows` rows as tight RGB, converting only those (a browser's toolbar is there): frames
   * captured as raw pixels. Others are decoded whole (frameTop).
   */
  top?(rows: number): FrameImage
  /** Exact content hash of the pixels (hex). */
  readonly hash: string
  /** Perceptual grid hash (see gridHash). */
  readonly phash: string
  /** Capture time, ms since the epoch. */
  at: number
  /** Luma statistics, when the encoder computed them (blank-frame detection). */
  readonly luma?: LumaStats
}

/** A frame of PNG bytes already in hand (a device's screencap, a test's picture). */
export function pngFrame(png: Uint8Array, fields: Omit<Frame, 'png' | 'image'>): Frame {
  return { ...fields, png: async () => png, image: async () => ({ data: png }) }
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
