// The GIF read back after encoding and held against the plan: an encoder can stop early and still
// exit 0, and a reviewer would be shown a cut-short run without a word.
import sharp from 'sharp'
import type { GifCheck } from '../core/trace.ts'

/** GIF delays are whole centiseconds: each frame may round by up to 5 ms either way. */
const ROUNDING_MS_PER_FRAME = 5

/** Frame count and total time of a GIF of `frames` frames, each held `frameMs`, the last `lastFrameMs`. */
export function planGif(frames: number, frameMs: number, lastFrameMs: number): Pick<GifCheck, 'plannedFrames' | 'plannedMs'> {
  return { plannedFrames: frames, plannedMs: frames === 0 ? 0 : (frames - 1) * frameMs + lastFrameMs }
}

/** The frames and total delay of the GIF file, next to the plan. */
export async function checkGif(file: string, plan: Pick<GifCheck, 'plannedFrames' | 'plannedMs'>): Promise<GifCheck> {
  const meta = await sharp(file, { animated: true }).metadata()
  const delays = meta.delay ?? []
  return { ...plan, frames: meta.pages ?? 1, ms: delays.reduce((sum, d) => sum + d, 0) }
}

/** What is wrong with the GIF against its plan, in words; undefined when it holds every frame for the planned time. */
export function gifShortfall(c: GifCheck): string | undefined {
  const timeOff = Math.abs(c.ms - c.plannedMs) > ROUNDING_MS_PER_FRAME * c.plannedFrames
  if (c.frames === c.plannedFrames && !timeOff) return undefined
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  return `GIF incomplete: ${c.frames} of ${c.plannedFrames} planned frames, ${seconds(c.ms)} of ${seconds(c.plannedMs)}`
}
