// Normalised cross-correlation, coarse to fine: a grayscale pass on a downscaled copy proposes a
// few positions, and a colour pass at full resolution, weighted by the template's alpha (so the
// icon's transparent corners ignore the toolbar behind them), scores them.
import type { Box } from '../core/geometry.ts'
import type { Raster } from './raster.ts'

/** RGBA pixels of a template. */
export interface Template {
  data: Uint8Array
  width: number
  height: number
}

export interface Scored {
  box: Box
  /** -1..1; 1 is a pixel-perfect match up to brightness and contrast. */
  score: number
}

const CANDIDATES = 8
/** Pixels a template shrinks to, per side, in the coarse pass. */
const COARSE_SIDE = 8

/** The best match of `template` inside `region` of the frame, or undefined if nothing has contrast. */
export function matchTemplate(frame: Raster, template: Template, region: Box): Scored | undefined {
  if (template.width > region.width || template.height > region.height) return undefined
  const f = Math.max(1, Math.round(Math.min(template.width, template.height) / COARSE_SIDE))
  const weighted = weightedPixels(template, frame.width)
  let best: Scored | undefined
  for (const c of coarseCandidates(frame, template, region, f)) {
    for (let y = c.y - f; y <= c.y + f; y++) {
      for (let x = c.x - f; x <= c.x + f; x++) {
        if (x < region.x || y < region.y || x + template.width > region.x + region.width || y + template.height > region.y + region.height) continue
        const score = colourScore(frame, weighted, x, y)
        if (!best || score > best.score) best = { box: { x, y, width: template.width, height: template.height }, score }
      }
    }
  }
  return best
}

/**
 * The template's visible pixels, ready for colourScore: where each lies in a frame row-major (RGB
 * offset from the placement's corner), its alpha weight, and weight × value per channel; with the
 * sums that do not depend on where it is placed.
 */
interface WeightedPixels {
  offsets: Int32Array
  weights: Float64Array
  /** w × t for red, green and blue, interleaved. */
  weighted: Float64Array
  sw: number
  st: [number, number, number]
  stt: [number, number, number]
}

function weightedPixels(template: Template, frameWidth: number): WeightedPixels {
  const count = template.width * template.height
  const offsets = new Int32Array(count)
  const weights = new Float64Array(count)
  const weighted = new Float64Array(count * 3)
  const st: [number, number, number] = [0, 0, 0]
  const stt: [number, number, number] = [0, 0, 0]
  let n = 0
  let sw = 0
  for (let j = 0; j < template.height; j++) {
    for (let i = 0; i < template.width; i++) {
      const q = (j * template.width + i) * 4
      const w = template.data[q + 3]! / 255
      if (w === 0) continue
      offsets[n] = (j * frameWidth + i) * 3
      weights[n] = w
      sw += w
      for (let c = 0; c < 3; c++) {
        const t = template.data[q + c]!
        weighted[n * 3 + c] = w * t
        st[c] = st[c]! + w * t
        stt[c] = stt[c]! + w * t * t
      }
      n++
    }
  }
  return { offsets: offsets.subarray(0, n), weights: weights.subarray(0, n), weighted: weighted.subarray(0, n * 3), sw, st, stt }
}

/** Alpha-weighted colour NCC of the template placed at (x, y): the channels' covariances and variances pooled. */
function colourScore(frame: Raster, { offsets, weights, weighted, sw, st, stt }: WeightedPixels, x: number, y: number): number {
  if (sw === 0) return 0
  const data = frame.data
  const base = (y * frame.width + x) * 3
  let si0 = 0, si1 = 0, si2 = 0, sii0 = 0, sii1 = 0, sii2 = 0, sti0 = 0, sti1 = 0, sti2 = 0
  for (let k = 0; k < offsets.length; k++) {
    const p = base + offsets[k]!
    const w = weights[k]!
    const r = data[p]!
    const g = data[p + 1]!
    const b = data[p + 2]!
    si0 += w * r
    si1 += w * g
    si2 += w * b
    sii0 += w * r * r
    sii1 += w * g * g
    sii2 += w * b * b
    sti0 += weighted[k * 3]! * r
    sti1 += weighted[k * 3 + 1]! * g
    sti2 += weighted[k * 3 + 2]! * b
  }
  const cov = sti0 - (st[0] * si0) / sw + sti1 - (st[1] * si1) / sw + sti2 - (st[2] * si2) / sw
  const varT = stt[0] - (st[0] * st[0]) / sw + stt[1] - (st[1] * st[1]) / sw + stt[2] - (st[2] * st[2]) / sw
  const varI = sii0 - (si0 * si0) / sw + sii1 - (si1 * si1) / sw + sii2 - (si2 * si2) / sw
  return varT > 0 && varI > 0 ? cov / Math.sqrt(varT * varI) : 0
}

/** Top positions (frame pixels) of a grayscale NCC on a copy shrunk by `f`. */
function coarseCandidates(frame: Raster, template: Template, region: Box, f: number): { x: number; y: number }[] {
  const gw = Math.floor(region.width / f)
  const gh = Math.floor(region.height / f)
  const tw = Math.floor(template.width / f)
  const th = Math.floor(template.height / f)
  const image = shrinkGray(frame.data, frame.width, 3, region, f)
  // Transparent template pixels take the region's typical luma: the best guess for what is behind.
  const behind = median(image)
  const t = shrinkGray(template.data, template.width, 4, { x: 0, y: 0, width: template.width, height: template.height }, f, behind)
  const n = tw * th
  const mean = t.reduce((a, v) => a + v, 0) / n
  const tz = t.map((v) => v - mean)
  const varT = tz.reduce((a, v) => a + v * v, 0)
  if (varT < 1e-6) return []
  const s1 = new Float64Array((gw + 1) * (gh + 1))
  const s2 = new Float64Array((gw + 1) * (gh + 1))
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const v = image[y * gw + x]!
      const k = (y + 1) * (gw + 1) + x + 1
      s1[k] = v + s1[k - 1]! + s1[k - gw - 1]! - s1[k - gw - 2]!
      s2[k] = v * v + s2[k - 1]! + s2[k - gw - 1]! - s2[k - gw - 2]!
    }
  }
  const rect = (s: Float64Array, x: number, y: number) =>
    s[(y + th) * (gw + 1) + x + tw]! - s[y * (gw + 1) + x + tw]! - s[(y + th) * (gw + 1) + x]! + s[y * (gw + 1) + x]!
  const top: { x: number; y: number; score: number }[] = []
  let worst = -Infinity
  for (let y = 0; y + th <= gh; y++) {
    for (let x = 0; x + tw <= gw; x++) {
      const sum = rect(s1, x, y)
      const varI = rect(s2, x, y) - (sum * sum) / n
      if (varI < n) continue
      let cov = 0
      for (let j = 0; j < th; j++) {
        const row = (y + j) * gw + x
        for (let i = 0; i < tw; i++) cov += tz[j * tw + i]! * image[row + i]!
      }
      const score = cov / Math.sqrt(varT * varI)
      // (a full list keeps nothing that scores no better than its worst)
      if (top.length < CANDIDATES || score > worst) worst = keepTop(top, { x, y, score }, Math.max(tw, th))
    }
  }
  return top.map((c) => ({ x: region.x + c.x * f, y: region.y + c.y * f }))
}

/** Keeps the best few candidates, one per neighbourhood; returns the lowest score kept. */
function keepTop(top: { x: number; y: number; score: number }[], c: { x: number; y: number; score: number }, radius: number): number {
  const near = top.findIndex((t) => Math.abs(t.x - c.x) < radius && Math.abs(t.y - c.y) < radius)
  if (near >= 0) {
    if (top[near]!.score < c.score) top[near] = c
  } else if (top.length < CANDIDATES) {
    top.push(c)
  } else {
    const worst = top.reduce((w, t, i) => (t.score < top[w]!.score ? i : w), 0)
    if (top[worst]!.score < c.score) top[worst] = c
  }
  return Math.min(...top.map((t) => t.score))
}

/** Box-averaged luma of a region, shrunk by `f`; with 4 channels, alpha blends over `behind`. */
function shrinkGray(data: Uint8Array, width: number, channels: 3 | 4, region: Box, f: number, behind = 255): Float64Array {
  const gw = Math.floor(region.width / f)
  const gh = Math.floor(region.height / f)
  const out = new Float64Array(gw * gh)
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      let sum = 0
      for (let j = 0; j < f; j++) {
        let p = ((region.y + gy * f + j) * width + region.x + gx * f) * channels
        for (let i = 0; i < f; i++, p += channels) {
          const luma = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!
          const a = channels === 4 ? data[p + 3]! / 255 : 1
          sum += a * luma + (1 - a) * behind
        }
      }
      out[gy * gw + gx] = sum / (f * f)
    }
  }
  return out
}

function median(values: Float64Array): number {
  const step = Math.max(1, Math.floor(values.length / 2048))
  const sample: number[] = []
  for (let i = 0; i < values.length; i += step) sample.push(values[i]!)
  sample.sort((a, b) => a - b)
  return sample[sample.length >> 1] ?? 255
}
