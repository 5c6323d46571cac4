// The SVG drawn over a frame: a header line, a marker where each click landed, the drag path,
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

/** The overlay for the whole canvas: header band, the frame (markers, captions), note band. */
export function overlaySvg(spec: OverlaySpec): string {
  const k = scaleOf(spec.width, spec.height)
  const bands = overlayBands(spec.width, spec.height, spec.note !== undefined)
  const total = bands.top + spec.height + bands.bottom
  const parts = [
    `<rect x="0" y="0" width="${spec.width}" height="${bands.top}" fill="${TONE_COLOR[spec.tone]}"/>`,
    text(spec.header, 10 * k, bands.top * 0.68, 17 * k, spec.width - 20 * k, '#fff', 'bold'),
    `<g transform="translate(0 ${bands.top})">`,
    ...spec.actions.flatMap((a, i) => marker(a, spec.actions.length > 1 ? i + 1 : undefined, spec.scale, k)),
    ...captions(spec, k),
    '</g>',
    ...(spec.note === undefined
      ? []
      : [
          `<rect x="0" y="${bands.top + spec.height}" width="${spec.width}" height="${bands.bottom}" fill="#111827"/>`,
          text(spec.note, 10 * k, total - 9 * k, 14 * k, spec.width - 20 * k, '#e5e7eb', 'normal'),
        ]),
  ]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${total}" viewBox="0 0 ${spec.width} ${total}">${parts.join('')}</svg>`
}

/** Marker and text size relative to a 1280×720 frame, by area, so portrait phone frames get readable text too. */
function scaleOf(width: number, height: number): number {
  return Math.max(0.5, Math.sqrt((width * height) / (1280 * 720)))
}

function marker(action: Action, label: number | undefined, s: number, k: number): string[] {
  const ring = (x: number, y: number, r: number, dash = '') =>
    `<circle cx="${f(x * s)}" cy="${f(y * s)}" r="${f(r * k)}" fill="none" stroke="#fff" stroke-width="${f(7 * k)}" stroke-opacity="0.8"${dash}/>` +
    `<circle cx="${f(x * s)}" cy="${f(y * s)}" r="${f(r * k)}" fill="none" stroke="${MARK}" stroke-width="${f(3.5 * k)}"${dash}/>`
  const dot = (x: number, y: number) => `<circle cx="${f(x * s)}" cy="${f(y * s)}" r="${f(4 * k)}" fill="${MARK}" stroke="#fff" stroke-width="${f(1.5 * k)}"/>`
  const tagged = (x: number, y: number, shapes: string[], extra = '') => {
    const t = `${label ?? ''} ${extra}`.trim()
    return t ? [...shapes, badge(t, x * s + 22 * k, y * s - 22 * k, k)] : shapes
  }
  switch (action.type) {
    case 'click':
      return tagged(action.x, action.y, [ring(action.x, action.y, 22), dot(action.x, action.y)], action.button === 'left' ? '' : action.button)
    case 'double_click':
      return tagged(action.x, action.y, [ring(action.x, action.y, 22), ring(action.x, action.y, 32), dot(action.x, action.y)])
    case 'move':
      return tagged(action.x, action.y, [ring(action.x, action.y, 14, ` stroke-dasharray="${f(5 * k)} ${f(4 * k)}"`)], 'move')
    case 'scroll': {
      const x = action.x * s
      const y = action.y * s
      const end = { x: x + Math.sign(action.scrollX) * 48 * k, y: y + Math.sign(action.scrollY) * 48 * k }
      return tagged(action.x, action.y, [ring(action.x, action.y, 18), arrow(x, y, end.x, end.y, k)], 'scroll')
    }
    case 'drag': {
      const points = action.path.map((p) => `${f(p.x * s)},${f(p.y * s)}`).join(' ')
      const [first, prev, last] = [action.path[0]!, action.path.at(-2)!, action.path.at(-1)!]
      return tagged(first.x, first.y, [
        `<polyline points="${points}" fill="none" stroke="#fff" stroke-width="${f(8 * k)}" stroke-opacity="0.8" stroke-linejoin="round"/>`,
        `<polyline points="${points}" fill="none" stroke="${MARK}" stroke-width="${f(4 * k)}" stroke-linejoin="round"/>`,
        dot(first.x, first.y),
        arrow(prev.x * s, prev.y * s, last.x * s, last.y * s, k, true),
      ], 'drag')
    }
    case 'type':
    case 'keypress':
    case 'wait':
      return []
    default:
      return action satisfies never
  }
}

/** Key combos, typed text and waits as boxed captions at the bottom of the frame. */
function captions(spec: OverlaySpec, k: number): string[] {
  const lines = spec.actions.filter((a) => a.type === 'type' || a.type === 'keypress' || a.type === 'wait').map(describeAction)
  const size = 22 * k
  const out: string[] = []
  let y = spec.height - 10 * k
  for (const line of lines.reverse()) {
    const w = Math.min(spec.width - 20 * k, line.length * size * 0.62 + 24 * k)
    out.push(`<rect x="${f(10 * k)}" y="${f(y - size * 1.5)}" width="${f(w)}" height="${f(size * 1.6)}" rx="${f(6 * k)}" fill="#111827" fill-opacity="0.9" stroke="${MARK}" stroke-width="${f(2 * k)}"/>`)
    out.push(text(line, 22 * k, y - size * 0.35, size, w - 24 * k, '#fff', 'bold'))
    y -= size * 1.9
  }
  return out
}

function badge(t: string, x: number, y: number, k: number): string {
  const size = 15 * k
  const w = t.length * size * 0.65 + 12 * k
  return `<rect x="${f(x)}" y="${f(y - size)}" width="${f(w)}" height="${f(size * 1.4)}" rx="${f(4 * k)}" fill="${MARK}"/>` + text(t, x + 6 * k, y + size * 0.1, size, w, '#fff', 'bold')
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
