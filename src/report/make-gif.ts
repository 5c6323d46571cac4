// A run as a GIF a reviewer can watch in a PR: ffmpeg's palette (palettegen, then paletteuse, in
// one run) for clean colours at a small size, each frame held for a fixed time, the last longer,
// every frame padded to one size first and the result checked against the plan. ffmpeg is run
// with a fixed argument list: a command builder probed `ffmpeg -formats` and `-encoders` (and
// `which`) in every process before its first command, 0.9 CPU-s and three processes for nothing.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { execa } from 'execa'
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
  /** The ffmpeg binary (default: `ffmpeg` on PATH). */
  ffmpegPath?: string
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
 * and checked against the plan. An ffmpeg error throws and leaves no `out` behind.
 */
export async function makeGif(files: readonly string[], out: string, options: GifOptions = {}): Promise<MadeGif> {
  const o = { ...GIF_DEFAULTS, ...options }
  if (files.length === 0) throw new RangeError(`makeGif: no frames for ${out}`)
  const frames = sampleEvenly(files, o.maxFrames)
  const work = await mkdtemp(join(tmpdir(), 'agentprobe-gif-'))
  try {
    const even = await evenFrames(frames, work, o.background ?? BAND_BACKGROUND, o.maxWidth)
    const list = join(work, 'frames.ffconcat')
    await writeFile(list, concatList(even.files, o.frameMs))
    const encoded = join(work, 'run.gif')
    // One pass over frames already at the GIF's size: split, one copy makes the palette the other
    // is mapped to (half the time of two ffmpeg runs that each decode every frame).
    await runFfmpeg(o.ffmpegPath ?? 'ffmpeg', [
      ...['-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-lavfi', '[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle'],
      // Keep each frame's own duration; GIF delays are centiseconds.
      ...['-fps_mode', 'vfr', '-final_delay', String(Math.round(o.lastFrameMs / 10))],
      encoded,
    ])
    const check = await checkGif(encoded, planGif(frames.length, o.frameMs, o.lastFrameMs))
    await copyFile(encoded, out)
    return { frames, check }
  } catch (error) {
    await rm(out, { force: true })
    throw error
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** ffconcat with a 1/100 s time base per image, so 1.5 s is exactly 150 centiseconds. */
export function concatList(files: readonly string[], frameMs: number): string {
  const entries = files.map((file) => `file '${resolve(file).replace(/'/g, "'\\''")}'\noption framerate 100\nduration ${frameMs / 1000}\n`)
  return `ffconcat version 1.0\n${entries.join('')}`
}

/** At most `max` items, evenly spread, always keeping the first and the last. */
export function sampleEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items]
  if (max <= 1) return items.slice(-1)
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]!)
}

/** ffmpeg's own message on failure; a missing binary says so, naming it. */
async function runFfmpeg(bin: string, args: string[]): Promise<void> {
  const r = await execa(bin, args, { reject: false, all: true })
  if (r.failed) throw new Error(r.code === 'ENOENT' ? `ffmpeg cannot run (${bin}): not found` : `ffmpeg: ${r.shortMessage}${r.all ? `\n${r.all.trim()}` : ''}`)
}
