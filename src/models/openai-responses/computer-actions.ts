// The computer tool's actions (GA batch or preview single, canvas pixels) → Actions in screen
// pixels. Each action is checked on its own: an unknown type is unknown_action, a bad field is
// malformed_action, and the rest of the batch still runs.
import { z } from 'zod'
import type { Action } from '../../core/action.ts'
import type { Failure } from '../../core/failures.ts'
import type { Size } from '../../core/frame.ts'
import { toScreen } from '../../core/geometry.ts'
import { normalizeCombo } from '../../core/keys.ts'
import { detectUnknownAction, malformedAction } from '../../core/reply-checks.ts'

/** The computer tool has no duration on `wait`; OpenAI's samples pause about a second. */
export const WAIT_MS = 1000

const PIXELS = { kind: 'pixels' } as const
const point = z.object({ x: z.number(), y: z.number() })
const held = { keys: z.array(z.string()).nullish() }

const wireAction = z.discriminatedUnion('type', [
  point.extend({ type: z.literal('click'), button: z.enum(['left', 'right', 'wheel', 'back', 'forward']).default('left'), ...held }),
  point.extend({ type: z.literal('double_click'), ...held }),
  point.extend({ type: z.literal('move'), ...held }),
  z.object({ type: z.literal('drag'), path: z.array(point).min(2), ...held }),
  point.extend({ type: z.literal('scroll'), scroll_x: z.number(), scroll_y: z.number(), ...held }),
  z.object({ type: z.literal('type'), text: z.string() }),
  z.object({ type: z.literal('keypress'), keys: z.array(z.string()).min(1) }),
  z.object({ type: z.literal('wait') }),
  z.object({ type: z.literal('screenshot') }),
])
type WireAction = z.infer<typeof wireAction>
const WIRE_TYPES: readonly string[] = wireAction.options.map((o) => o.shape.type.value)

export interface MapContext {
  canvas: Size
  screen: Size
  step?: number
}

export function toActions(raw: readonly unknown[], ctx: MapContext): { actions: Action[]; failures: Failure[] } {
  const actions: Action[] = []
  const failures: Failure[] = []
  for (const item of raw) {
    const result = toAction(item, ctx)
    if ('failure' in result) failures.push(result.failure)
    else actions.push(...result.actions)
  }
  return { actions, failures }
}

function toAction(item: unknown, ctx: MapContext): { actions: Action[] } | { failure: Failure } {
  const type = typeof item === 'object' && item !== null ? (item as { type?: unknown }).type : undefined
  if (typeof type !== 'string' || !WIRE_TYPES.includes(type)) {
    return { failure: detectUnknownAction(type, ctx.step) ?? malformedAction(`${JSON.stringify(item)} is not a computer action`, ctx.step) }
  }
  const parsed = wireAction.safeParse(item)
  if (!parsed.success) {
    return { failure: malformedAction(`${type}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ')}`, ctx.step) }
  }
  const a = parsed.data
  const keys = 'keys' in a && a.type !== 'keypress' ? a.keys : undefined
  if (keys && keys.length > 0) return { failure: unsupported(`${a.type} while holding ${keys.join('+')}`, ctx) }
  if (a.type === 'click' && (a.button === 'back' || a.button === 'forward')) return { failure: unsupported(`click with the ${a.button} mouse button`, ctx) }
  try {
    return { actions: convert(a, ctx) }
  } catch (error) {
    // normalizeCombo throws a RangeError on a key name it does not know.
    if (error instanceof RangeError) return { failure: malformedAction(`${a.type}: ${error.message}`, ctx.step) }
    throw error
  }
}

function convert(a: WireAction, ctx: MapContext): Action[] {
  const at = (p: { x: number; y: number }) => toScreen(p, PIXELS, ctx.canvas, ctx.screen)
  switch (a.type) {
    case 'click':
      return [{ type: 'click', ...at(a), button: a.button === 'wheel' ? 'middle' : a.button === 'right' ? 'right' : 'left' }]
    case 'double_click':
      return [{ type: 'double_click', ...at(a) }]
    case 'move':
      return [{ type: 'move', ...at(a) }]
    case 'drag':
      return [{ type: 'drag', path: a.path.map(at) }]
    case 'scroll': {
      // A distance scales like a point from the origin: pixels of the canvas → pixels of the screen.
      const delta = at({ x: a.scroll_x, y: a.scroll_y })
      return [{ type: 'scroll', ...at(a), scrollX: delta.x, scrollY: delta.y }]
    }
    case 'type':
      return [{ type: 'type', text: a.text }]
    case 'keypress':
      return [{ type: 'keypress', keys: normalizeCombo(a.keys) }]
    case 'wait':
      return [{ type: 'wait', ms: WAIT_MS }]
    case 'screenshot':
      return []
    default:
      return a satisfies never
  }
}

function unsupported(what: string, ctx: MapContext): Failure {
  return { type: 'unknown_action', step: ctx.step, message: `${what} is not supported` }
}
