// Where a described element is, shared by every adapter: the JSON the model is held to, and one
// lenient reading of the reply (x/y, a point, or a box), mapped from the model's coordinates to
// screen pixels through core/geometry exactly as actions are. Not found, or off the image, throws.
import type { Point } from '../core/action.ts'
import { ModelError } from '../core/errors.ts'
import type { Size } from '../core/frame.ts'
import { toScreen, type Box, type CoordinateConvention } from '../core/geometry.ts'
import { jsonObjects } from '../core/json-in-text.ts'
import type { LocateReply } from '../core/model.ts'
import type { JsonFormat } from './query-reply.ts'
import { shownReply } from './verdict.ts'

const NUMBER = { type: 'number' } as const

export const LOCATE_FORMAT: JsonFormat = {
  name: 'locate',
  schema: {
    type: 'object',
    properties: {
      found: { type: 'boolean' },
      x: NUMBER,
      y: NUMBER,
      box: {
        anyOf: [
          { type: 'object', properties: { left: NUMBER, top: NUMBER, right: NUMBER, bottom: NUMBER }, required: ['left', 'top', 'right', 'bottom'], additionalProperties: false },
          { type: 'null' },
        ],
      },
      evidence: { type: 'string', description: 'What was found and where, or why it is not there.' },
    },
    required: ['found', 'x', 'y', 'box', 'evidence'],
    additionalProperties: false,
  },
  strict: true,
}

/** How the model's coordinates relate to the screen: its convention, the image it was sent, the frame's size. */
export interface CanvasMapping {
  convention: CoordinateConvention
  canvas: Size
  screen: Size
}

/** The element's point (and box) in screen pixels, read from the reply; anything else throws, quoting the reply. */
export function readLocateReply(text: string | null | undefined, description: string, mapping: CanvasMapping, label: string): Omit<LocateReply, 'usage' | 'frame'> {
  const reply = (text ?? '').trim()
  const fail = (why: string) => new ModelError(`${label}: ${why} (reply: ${shownReply(reply)})`, { context: { model: label } })
  const found = jsonObjects(reply)[0]?.value
  if (!found) throw fail(`no JSON location for "${description}"`)
  const evidence = typeof found.evidence === 'string' ? found.evidence.trim() : undefined
  if (found.found === false) throw fail(`the model did not find "${description}"${evidence ? `: ${evidence}` : ''}`)
  const box = boxOf(found)
  const at = pointOf(found) ?? (box && { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 })
  if (!at) throw fail(`no point (x, y) or box for "${description}"`)
  const point = toScreen(at, mapping.convention, mapping.canvas, mapping.screen)
  if (!inside(point, mapping.screen)) {
    throw fail(`the point for "${description}", (${at.x}, ${at.y}) in the model's coordinates, is (${point.x}, ${point.y}) on the screen, outside its ${mapping.screen.width}×${mapping.screen.height}`)
  }
  return { point, ...(box && { box: screenBox(box, mapping) }), ...(evidence && { evidence }) }
}

interface Corners {
  left: number
  top: number
  right: number
  bottom: number
}

/** x/y, or a point as {x, y} or [x, y]. */
function pointOf(o: Record<string, unknown>): Point | undefined {
  const p = o.point ?? o
  if (Array.isArray(p)) return numbers(p, 2) ? { x: p[0] as number, y: p[1] as number } : undefined
  if (p !== null && typeof p === 'object') {
    const { x, y } = p as Record<string, unknown>
    if (finite(x) && finite(y)) return { x, y }
  }
  return undefined
}

/** A box as {left, top, right, bottom}, or [left, top, right, bottom] (box, bbox or bbox_2d), corners in either order. */
function boxOf(o: Record<string, unknown>): Corners | undefined {
  const b = o.box ?? o.bbox ?? o.bbox_2d
  let c: number[] | undefined
  if (Array.isArray(b)) c = numbers(b, 4) ? (b as number[]) : undefined
  else if (b !== null && typeof b === 'object') {
    const { left, top, right, bottom } = b as Record<string, unknown>
    c = [left, top, right, bottom].every(finite) ? ([left, top, right, bottom] as number[]) : undefined
  }
  if (!c) return undefined
  const [x1, y1, x2, y2] = c as [number, number, number, number]
  return { left: Math.min(x1, x2), top: Math.min(y1, y2), right: Math.max(x1, x2), bottom: Math.max(y1, y2) }
}

function screenBox(c: Corners, m: CanvasMapping): Box {
  const a = toScreen({ x: c.left, y: c.top }, m.convention, m.canvas, m.screen)
  const b = toScreen({ x: c.right, y: c.bottom }, m.convention, m.canvas, m.screen)
  return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y }
}

function numbers(values: unknown[], n: number): boolean {
  return values.length === n && values.every(finite)
}

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v)
}

function inside(p: Point, screen: Size): boolean {
  return p.x >= 0 && p.y >= 0 && p.x < screen.width && p.y < screen.height
}
