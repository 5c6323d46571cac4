// A run as a GIF a reviewer can watch in a PR: each frame held for a fixed time, the last longer,
// every frame padded to one size first and the result checked against the plan. libvips encodes it
// in this process (a palette per frame, unchanged pixels left transparent): a sixth of the CPU of
// an ffmpeg palettegen/paletteuse run, which cost a process and about 1 CPU-s for a 4-frame test.
import { rename, rm } from 'node:fs/promises'
import sharp from 'sharp'
import type { GifCheck } from '../core/trace.ts'
import { BAND_BACKGROUND } from './annotate-frame.ts'
import { checkGif, planGif } from './gif-check.ts'
import { evenFrames } from './even-frames.ts'

export interface GifOptions {
  /** How long each frame shows, ms (default 1500). */
  frameMs?: number
  /** How long the last frame shows, ms (default 4000). */
  lastFrameMs?: number
  /** Scaled down to at most this width, px (default 960). */
  maxWidth?: number
  /** At most this many frames; beyond it, frames are dropped evenly, keeping the first and last (default 40). */
  maxFrames?: number
  /** The colour that pads a smaller frame to the largest one's size (default: the annotated frames' band colour). */
  background?: string
}

export const GIF_DEFAULTS = { frameMs: 1500, lastFrameMs: 4000, maxWidth: 960, maxFrames: 40 } as const

export interface MadeGif {
  /** The frames used, in order (after sampling down to maxFrames). */
  frames: string[]
  /** The written GIF's frame count and duration against the plan. */
  check: GifCheck
}

/**
 * Writes `out` from the PNG files, in order, padded to one size first; the result is read back
 * and checked against the plan. An error throws and leaves no `out` behind.
 */
export async function makeGif(files: readonly string[], out: string, options: GifOptions = {}): Promise<MadeGif> {
  const o = { ...GIF_DEFAULTS, ...options }
  if (files.length === 0) throw new RangeError(`makeGif: no frames for ${out}`)
  const frames = sampleEvenly(files, o.maxFrames)
  const even = await evenFrames(frames, o.background ?? BAND_BACKGROUND, o.maxWidth)
  const { width, height } = even.size
  // An animated image is one strip of frames, each pageHeight tall.
  const strip = sharp(Buffer.concat(even.frames), { raw: { width, height: height * frames.length, channels: 3, pageHeight: height } })
  const delay = frames.map((_, i) => (i === frames.length - 1 ? o.lastFrameMs : o.frameMs))
  const written = `${out}.${process.pid}.tmp`
  try {
    // interFrameMaxError: pixels that barely changed since the last frame stay transparent (a
    // browser frame mostly does not change between steps: a third of the bytes). Effort 1 without
    // dithering: the flat colours of a UI come out the same, within 4% of the bytes, at a fifth of
    // the CPU of the defaults (effort 7, dithered: 738 vs 149 CPU-ms for a 4-frame run).
    await strip.gif({ delay, loop: 0, interFrameMaxError: 4, effort: 1, dither: 0 }).toFile(written)
    const check = await checkGif(written, planGif(frames.length, o.frameMs, o.lastFrameMs))
    await rename(written, out)
    return { frames, check }
  } catch (error) {
    await Promise.all([rm(written, { force: true }), rm(out, { force: true })])
    throw error
  }
}

/** At most `max` items, evenly spread, always keeping the first and the last. */
export function sampleEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items]
  if (max <= 1) return items.slice(-1)
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]!)
}
