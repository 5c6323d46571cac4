// Frames and their fingerprints. `hash` is exact (any pixel change alters it): it drives settle,
// no_progress and repeated_action. `phash` is perceptual (a 16×16 difference hash): it survives
// a moved cursor or anti-aliasing and is what cassettes compare.
import { createHash } from 'node:crypto'

export interface Size {
  width: number
  height: number
}

export interface Frame extends Size {
  png: Uint8Array
  /** Exact content hash of the pixels (hex). */
  hash: string
  /** Perceptual 256-bit difference hash (64 hex digits). */
  phash: string
  /** Capture time, ms since the epoch. */
  at: number
  /** Luma statistics, when the encoder computed them (blank-frame detection). */
  luma?: LumaStats
}

export function contentHash(pixels: Uint8Array): string {
  return createHash('sha1').update(pixels).digest('hex').slice(0, 16)
}

export const DHASH_WIDTH = 17
export const DHASH_HEIGHT = 16

/** Difference hash of a 17×16 grayscale image: one bit per horizontal neighbour pair. */
export function dhash(gray: Uint8Array): string {
  if (gray.length !== DHASH_WIDTH * DHASH_HEIGHT) {
    throw new RangeError(`dhash needs ${DHASH_WIDTH}×${DHASH_HEIGHT} grayscale pixels, got ${gray.length}`)
  }
  let hex = ''
  for (let y = 0; y < DHASH_HEIGHT; y++) {
    for (let x = 0; x < DHASH_WIDTH - 1; x += 4) {
      let nibble = 0
      for (let b = 0; b < 4; b++) {
        const i = y * DHASH_WIDTH + x + b
        nibble = (nibble << 1) | ((gray[i] ?? 0) > (gray[i + 1] ?? 0) ? 1 : 0)
      }
      hex += nibble.toString(16)
    }
  }
  return hex
}

/** Number of differing bits between two hex hashes of equal length. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) return Math.max(a.length, b.length) * 4
  let bits = 0
  for (let i = 0; i < a.length; i++) {
    let v = Number.parseInt(a[i]!, 16) ^ Number.parseInt(b[i]!, 16)
    while (v) {
      bits += v & 1
      v >>= 1
    }
  }
  return bits
}

export interface LumaStats {
  mean: number
  stdev: number
}

/** A frame is blank when it is (near) uniform: nothing rendered, or the app crashed. */
export function isBlankFrame(stats: LumaStats, threshold = 2): boolean {
  return stats.stdev < threshold
}
