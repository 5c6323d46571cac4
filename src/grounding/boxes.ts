// Buttons, chips, selection highlights and panels are filled boxes whose text contrasts with the
// fill, not with the page: white on blue reads as nothing once a region is binarised as a whole.
// Finding the fills lets each text region be read against the colour it really sits on.
import type { Box } from '../core/geometry.ts'
import type { Raster } from './raster.ts'

export type Rgb = readonly [number, number, number]

export interface FilledBox {
  box: Box
  fill: Rgb
  /** Whether a frame pixel inside `box` lies outside the fill's shape (a rounded corner), not in a hole (text). */
  outside: (x: number, y: number) => boolean
}

/** Largest per-channel difference between two colours. */
export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]))
}

export function pixel(raster: Raster, x: number, y: number): Rgb {
  const p = (y * raster.width + x) * 3
  return [raster.data[p]!, raster.data[p + 1]!, raster.data[p + 2]!]
}

/** The median colour of a region's outline: its background when no box holds it. */
export function borderColour(raster: Raster, r: Box): Rgb {
  const samples: Rgb[] = []
  for (let x = r.x; x < r.x + r.width; x++) samples.push(pixel(raster, x, r.y), pixel(raster, x, r.y + r.height - 1))
  for (let y = r.y; y < r.y + r.height; y++) samples.push(pixel(raster, r.x, y), pixel(raster, r.x + r.width - 1, y))
  const median = (c: 0 | 1 | 2) => samples.map((s) => s[c]).sort((a, b) => a - b)[samples.length >> 1]!
  return [median(0), median(1), median(2)]
}

/** Neighbours closer than this (per channel) belong to the same fill. */
const SMOOTH = 10
/** Work at half resolution: boxes are large, and it is four times less to label. */
const STEP = 2

/**
 * Uniform-colour areas that fill most of their bounding box (text only leaves holes; a bold
 * glyph fills too little) and do not touch the frame's edge (the window background does).
 * Sizes in frame pixels.
 */
export function findBoxes(raster: Raster, minSize = { width: 24, height: 16 }): FilledBox[] {
  const w = Math.floor(raster.width / STEP)
  const h = Math.floor(raster.height / STEP)
  const colour = new Int32Array(w * h)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = (y * STEP * raster.width + x * STEP) * 3
      colour[y * w + x] = (raster.data[p]! << 16) | (raster.data[p + 1]! << 8) | raster.data[p + 2]!
    }
  }
  const close = (a: number, b: number) =>
    Math.abs((a >> 16) - (b >> 16)) <= SMOOTH &&
    Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)) <= SMOOTH &&
    Math.abs((a & 255) - (b & 255)) <= SMOOTH
  const label = new Int32Array(w * h).fill(-1)
  const stack = new Int32Array(w * h)
  const boxes: FilledBox[] = []
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== -1) continue
    const id = start
    label[start] = id
    let top = 0
    stack[top++] = start
    let area = 0
    let x0 = w, y0 = h, x1 = -1, y1 = -1
    let r = 0, g = 0, b = 0
    while (top > 0) {
      const k = stack[--top]!
      const c = colour[k]!
      const kx = k % w
      const ky = (k - kx) / w
      area++
      r += c >> 16
      g += (c >> 8) & 255
      b += c & 255
      if (kx < x0) x0 = kx
      if (kx > x1) x1 = kx
      if (ky < y0) y0 = ky
      if (ky > y1) y1 = ky
      for (const n of [kx > 0 ? k - 1 : -1, kx < w - 1 ? k + 1 : -1, ky > 0 ? k - w : -1, ky < h - 1 ? k + w : -1]) {
        if (n >= 0 && label[n] === -1 && close(c, colour[n]!)) {
          label[n] = id
          stack[top++] = n
        }
      }
    }
    const bw = x1 - x0 + 1
    const bh = y1 - y0 + 1
    if (x0 === 0 || y0 === 0 || x1 === w - 1 || y1 === h - 1) continue
    if (bw * STEP < minSize.width || bh * STEP < minSize.height || area < 0.7 * bw * bh) continue
    const outside = outsideCells(label, w, id, { x: x0, y: y0, width: bw, height: bh })
    boxes.push({
      box: { x: x0 * STEP, y: y0 * STEP, width: bw * STEP, height: bh * STEP },
      fill: [Math.round(r / area), Math.round(g / area), Math.round(b / area)],
      outside: (x, y) => outside[(Math.floor(y / STEP) - y0) * bw + Math.floor(x / STEP) - x0] === 1,
    })
  }
  return boxes
}

/**
 * Cells of a box not in component `id` that connect to one of its corners without crossing it:
 * rounded corners and pill ends. Text reaching the box's side (a tight selection) stays in.
 */
function outsideCells(label: Int32Array, w: number, id: number, box: Box): Uint8Array {
  const out = new Uint8Array(box.width * box.height)
  const stack: number[] = []
  const visit = (bx: number, by: number) => {
    const i = by * box.width + bx
    if (out[i] || label[(box.y + by) * w + box.x + bx] === id) return
    out[i] = 1
    stack.push(i)
  }
  visit(0, 0)
  visit(box.width - 1, 0)
  visit(0, box.height - 1)
  visit(box.width - 1, box.height - 1)
  while (stack.length > 0) {
    const i = stack.pop()!
    const bx = i % box.width
    const by = (i - bx) / box.width
    if (bx > 0) visit(bx - 1, by)
    if (bx < box.width - 1) visit(bx + 1, by)
    if (by > 0) visit(bx, by - 1)
    if (by < box.height - 1) visit(bx, by + 1)
  }
  return out
}
