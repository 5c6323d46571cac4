// Absolute colour distance over a template's opaque pixels: it finds what normalised
// cross-correlation cannot, an icon with (almost) no variance to correlate, such as a flat red
// square. Chrome draws a toolbar icon at its own colours, so an exact colour match is meaningful.
import type { Box } from '../core/geometry.ts'
import type { Scored, Template } from './ncc.ts'
import type { Raster } from './raster.ts'

/** Alpha at or above which a template pixel counts as opaque (edges blend with the toolbar). */
const OPAQUE = 230
/** Mean channel difference that scores 0; 25.6 levels score 0.8. */
const FULL_SCALE = 128
/** Probes checked before scoring a placement: a placement whose probe is far off is skipped. */
const PROBES = 5
const PROBE_LIMIT = 3 * 0.2 * FULL_SCALE

/** The placement inside `region` whose colours are closest to the template's opaque pixels, or undefined if it has none. */
export function matchColour(frame: Raster, template: Template, region: Box): Scored | undefined {
  const opaque = opaquePixels(template)
  if (opaque.length === 0 || template.width > region.width || template.height > region.height) return undefined
  const all = offsets(opaque, template, frame.width)
  const probes = offsets(probesOf(opaque, template), template, frame.width)
  let best: Scored | undefined
  for (let y = region.y; y + template.height <= region.y + region.height; y++) {
    for (let x = region.x; x + template.width <= region.x + region.width; x++) {
      const at = (y * frame.width + x) * 3
      if (distance(frame.data, at, probes, PROBE_LIMIT) > PROBE_LIMIT) continue
      const score = 1 - distance(frame.data, at, all, Infinity) / opaque.length / FULL_SCALE
      if (!best || score > best.score) best = { box: { x, y, width: template.width, height: template.height }, score }
    }
  }
  return best
}

/** Template pixels as (offset in the frame from the placement's corner, r, g, b), four numbers each. */
function offsets(pixels: readonly number[], template: Template, frameWidth: number): Int32Array {
  const out = new Int32Array(pixels.length * 4)
  pixels.forEach((i, k) => {
    const tx = i % template.width
    out.set([(((i - tx) / template.width) * frameWidth + tx) * 3, template.data[i * 4]!, template.data[i * 4 + 1]!, template.data[i * 4 + 2]!], k * 4)
  })
  return out
}

/** Summed mean channel difference of the pixels; with a `limit`, stops at the first pixel past it. */
function distance(data: Uint8Array, at: number, pixels: Int32Array, limit: number): number {
  let sum = 0
  for (let k = 0; k < pixels.length; k += 4) {
    const p = at + pixels[k]!
    const d = (Math.abs(data[p]! - pixels[k + 1]!) + Math.abs(data[p + 1]! - pixels[k + 2]!) + Math.abs(data[p + 2]! - pixels[k + 3]!)) / 3
    if (d > limit) return d
    sum += d
  }
  return sum
}

/** Indices (pixel offsets in the template) of its opaque pixels. */
function opaquePixels(template: Template): number[] {
  const out: number[] = []
  for (let i = 0; i < template.width * template.height; i++) if (template.data[i * 4 + 3]! >= OPAQUE) out.push(i)
  return out
}

/** A few opaque pixels spread over the template: the centre-most, then the most distant from those taken. */
function probesOf(opaque: readonly number[], template: Template): number[] {
  const xy = (i: number) => [i % template.width, Math.floor(i / template.width)] as const
  const cx = template.width / 2
  const cy = template.height / 2
  const taken = [opaque.reduce((a, b) => (dist(xy(a), [cx, cy]) <= dist(xy(b), [cx, cy]) ? a : b))]
  while (taken.length < Math.min(PROBES, opaque.length)) {
    taken.push(opaque.reduce((a, b) => (nearest(xy(a), taken.map(xy)) >= nearest(xy(b), taken.map(xy)) ? a : b)))
  }
  return taken
}

function dist(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1])
}

function nearest(a: readonly [number, number], others: readonly (readonly [number, number])[]): number {
  return Math.min(...others.map((o) => dist(a, o)))
}
