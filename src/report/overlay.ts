// The SVGs drawn over a frame: a header line, a marker where each click landed, the drag path,
// and captions for typed text and key combos. Pure string building, so it is tested without pixels.
import { describeAction, type Action } from '../core/action.ts'
import { escapeXml } from './escape.ts'

export type Tone = 'step' | 'warn' | 'fail' | 'pass' | 'phase'

export interface OverlaySpec {
  /** The scaled frame's size, px; the header sits above it and the note below, so neither hides it. */
  width: number
  height: number
  /** Screen pixels → output pixels. */
  scale: number
  header: string
  tone: Tone
  /** In screen pixels, secrets already masked. */
  actions: readonly Action[]
  /** The model's text, shown small at the bottom. */
  note?: string
}

const TONE_COLOR: Record<Tone, string> = { step: '#1f2937', warn: '#92400e', fail: '#991b1b', pass: '#166534', phase: '#1e3a8a' }
const MARK = '#ff2d55'
const FONT = "font-family=\"DejaVu Sans, Liberation Sans, sans-serif\""

/** The bands added around a frame of this width: header above, note below. */
export function overlayBands(width: number, height: number, hasNote: boolean): { top: number; bottom: number } {
  const k = scaleOf(width, height)
  return { top: Math.round(34 * k), bottom: hasNote ? Math.round(28 * k) : 0 }
}

/** One SVG drawn over part of the canvas, at (left, top). */
export interface OverlayPiece {
  svg: string
  left: number
  top: number
}

/** A box in the frame's pixels (below the header band). */
interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** Shapes in the frame's pixels and the box that holds them. */
interface Drawn {
  shapes: string[]
  box: Box
}

/**
 * The overlay as pieces, each an SVG only as large as what it draws (header band, note band, one
 * per marker, the captions), each keeping the canvas's coordinates through its viewBox: librsvg
 * rasterises every pixel of an SVG, and a whole-canvas one over a few marks cost 10 of 78 ms at
 * 1280×782 (the composite itself, most of the overlay's cost, stays).
 */
export function overlayPieces(spec: OverlaySpec): OverlayPiece[] {
  const k = scaleOf(spec.width, spec.height)
  const bands = overlayBands(spec.width, spec.height, spec.note !== undefined)
  const total = bands.top + spec.height + bands.bottom
  const canvas = (box: Box, parts: string[]): OverlayPiece | undefined => {
    const left = Math.max(0, Math.floor(box.x0))
    const top = Math.max(0, Math.floor(box.y0))
    const width = Math.min(spec.width, Math.ceil(box.x1)) - left
    const height = Math.min(total, Math.ceil(box.y1)) - top
    if (width <= 0 || height <= 0) return undefined
    return { left, top, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${parts.join('')}</svg>` }
  }
  const inFrame = ({ shapes, box }: Drawn) =>
    canvas({ x0: box.x0, y0: box.y0 + bands.top, x1: box.x1, y1: box.y1 + bands.top }, [`<g transform="translate(0 ${bands.top})">`, ...shapes, '</g>'])
  const pieces = [
    canvas({ x0: 0, y0: 0, x1: spec.width, y1: bands.top }, [
      `<rect x="0" y="0" width="${spec.width}" height="${bands.top}" fill="${TONE_COLOR[spec.tone]}"/>`,
      text(spec.header, 10 * k, bands.top * 0.68, 17 * k, spec.width - 20 * k, '#fff', 'bold'),
    ]),
    ...spec.actions.map((a, i) => marker(a, spec.actions.length > 1 ? i + 1 : undefined, spec.scale, k)).filter((m) => m !== undefined).map(inFrame),
    ...[captions(spec, k)].filter((c) => c !== undefined).map(inFrame),
    spec.note === undefined
      ? undefined
      : canvas({ x0: 0, y0: bands.top + spec.height, x1: spec.width, y1: total }, [
          `<rect x="0" y="${bands.top + spec.height}" width="${spec.width}" height="${bands.bottom}" fill="#111827"/>`,
          text(spec.note, 10 * k, total - 9 * k, 14 * k, spec.width - 20 * k, '#e5e7eb', 'normal'),
        ]),
  ]
  return pieces.filter((piece) => piece !== undefined)
}

/** The smallest box holding these points, grown by `pad` on every side. */
function around(points: readonly { x: number; y: number }[], pad: number): Box {
  const xs = points.map((p) => p.x)
  const ys = points.map((p) => p.y)
  return { x0: Math.min(...xs) - pad, y0: Math.min(...ys) - pad, x1: Math.max(...xs) + pad, y1: Math.max(...ys) + pad }
}

const union = (a: Box, b: Box): Box => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) })

/** Marker and text size relative to a 1280×720 frame, by area, so portrait phone frames get readable text too. */
function scaleOf(width: number, height: number): number {
  return Math.max(0.5, Math.sqrt((width * height) / (1280 * 720)))
}

function marker(action: Action, label: number | undefined, s: number, k: number): Drawn | undefined {
  const ring = (x: number, y: number, r: number, dash = '') =>
    `<circle cx="${f(x * s)}" cy="${f(y * s)}" r="${f(r * k)}" fill="none" stroke="#fff" stroke-width="${f(7 * k)}" stroke-opacity="0.8"${dash}/>` +
    `<circle cx="${f(x * s)}" cy="${f(y * s)}" r="${f(r * k)}" fill="none" stroke="${MARK}" stroke-width="${f(3.5 * k)}"${dash}/>`
  const dot = (x: number, y: number) => `<circle cx="${f(x * s)}" cy="${f(y * s)}" r="${f(4 * k)}" fill="${MARK}" stroke="#fff" stroke-width="${f(1.5 * k)}"/>`
  // (the widest ring is 32 px at k = 1, its white stroke 3.5 px outside it; an arrow's head ends on its point)
  const tagged = (x: number, y: number, shapes: string[], points: { x: number; y: number }[], extra = '') => {
    const t = `${label ?? ''} ${extra}`.trim()
    const box = around(points.map((p) => ({ x: p.x * s, y: p.y * s })), 40 * k)
    if (!t) return { shapes, box }
    const tag = badge(t, x * s + 22 * k, y * s - 22 * k, k)
    return { shapes: [...shapes, tag.shape], box: union(box, tag.box) }
  }
  switch (action.type) {
    case 'click':
      return tagged(action.x, action.y, [ring(action.x, action.y, 22), dot(action.x, action.y)], [action], action.button === 'left' ? '' : action.button)
    case 'double_click':
      return tagged(action.x, action.y, [ring(action.x, action.y, 22), ring(action.x, action.y, 32), dot(action.x, action.y)], [action])
    case 'move':
      return tagged(action.x, action.y, [ring(action.x, action.y, 14, ` stroke-dasharray="${f(5 * k)} ${f(4 * k)}"`)], [action], 'move')
    case 'scroll': {
      const x = action.x * s
      const y = action.y * s
      const end = { x: x + Math.sign(action.scrollX) * 48 * k, y: y + Math.sign(action.scrollY) * 48 * k }
      return tagged(action.x, action.y, [ring(action.x, action.y, 18), arrow(x, y, end.x, end.y, k)], [action, { x: end.x / s, y: end.y / s }], 'scroll')
    }
    case 'drag': {
      const points = action.path.map((p) => `${f(p.x * s)},${f(p.y * s)}`).join(' ')
      const [first, prev, last] = [action.path[0]!, action.path.at(-2)!, action.path.at(-1)!]
      return tagged(first.x, first.y, [
        `<polyline points="${points}" fill="none" stroke="#fff" stroke-width="${f(8 * k)}" stroke-opacity="0.8" stroke-linejoin="round"/>`,
        `<polyline points="${points}" fill="none" stroke="${MARK}" stroke-width="${f(4 * k)}" stroke-linejoin="round"/>`,
        dot(first.x, first.y),
        arrow(prev.x * s, prev.y * s, last.x * s, last.y * s, k, true),
      ], action.path, 'drag')
    }
    case 'type':
    case 'keypress':
    case 'wait':
      return undefined
    default:
      return action satisfies never
  }
}

/** Key combos, typed text and waits as boxed captions at the bottom of the frame. */
function captions(spec: OverlaySpec, k: number): Drawn | undefined {
  const lines = spec.actions.filter((a) => a.type === 'type' || a.type === 'keypress' || a.type === 'wait').map(describeAction)
  if (lines.length === 0) return undefined
  const size = 22 * k
  const shapes: string[] = []
  let y = spec.height - 10 * k
  let top = y
  let widest = 0
  for (const line of lines.reverse()) {
    const w = Math.min(spec.width - 20 * k, line.length * size * 0.62 + 24 * k)
    top = y - size * 1.5
    widest = Math.max(widest, w)
    shapes.push(`<rect x="${f(10 * k)}" y="${f(top)}" width="${f(w)}" height="${f(size * 1.6)}" rx="${f(6 * k)}" fill="#111827" fill-opacity="0.9" stroke="${MARK}" stroke-width="${f(2 * k)}"/>`)
    shapes.push(text(line, 22 * k, y - size * 0.35, size, w - 24 * k, '#fff', 'bold'))
    y -= size * 1.9
  }
  // (the outline's stroke reaches a pixel past each rect)
  return { shapes, box: { x0: 8 * k, y0: top - 2 * k, x1: 12 * k + widest, y1: spec.height } }
}

function badge(t: string, x: number, y: number, k: number): { shape: string; box: Box } {
  const size = 15 * k
  const w = t.length * size * 0.65 + 12 * k
  return {
    shape: `<rect x="${f(x)}" y="${f(y - size)}" width="${f(w)}" height="${f(size * 1.4)}" rx="${f(4 * k)}" fill="${MARK}"/>` + text(t, x + 6 * k, y + size * 0.1, size, w, '#fff', 'bold'),
    box: { x0: x, y0: y - size, x1: x + w, y1: y + size * 0.4 },
  }
}

function arrow(x1: number, y1: number, x2: number, y2: number, k: number, headOnly = false): string {
  const angle = Math.atan2(y2 - y1, x2 - x1)
  const len = 26 * k
  const head = [angle - 0.45, angle + 0.45].map((a) => `${f(x2 - len * Math.cos(a))},${f(y2 - len * Math.sin(a))}`)
  const shaft = headOnly ? '' : `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${MARK}" stroke-width="${f(4 * k)}"/>`
  return `${shaft}<polygon points="${f(x2)},${f(y2)} ${head.join(' ')}" fill="${MARK}"/>`
}

function text(value: string, x: number, y: number, size: number, maxWidth: number, fill: string, weight: string): string {
  return `<text x="${f(x)}" y="${f(y)}" font-size="${f(size)}" font-weight="${weight}" fill="${fill}" ${FONT}>${escapeXml(fit(value, maxWidth, size))}</text>`
}

/** Cuts a line to what fits in maxWidth at this font size (DejaVu Sans averages ~0.6 em a glyph). */
export function fit(value: string, maxWidth: number, size: number): string {
  const one = value.replace(/\s+/g, ' ').trim()
  const max = Math.max(4, Math.floor(maxWidth / (size * 0.6)))
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`
}

function f(n: number): string {
  return String(Math.round(n * 10) / 10)
}
