// Gemini's function calls (the computerUse tool's predefined functions, or the same names declared
// as functions) → Actions in screen pixels, from the 0–999 grid through core/geometry. Each call is
// checked on its own: an excluded or unknown name is unknown_action, a bad argument malformed_action.
import { z } from 'zod'
import type { Action } from '../../core/action.ts'
import type { Failure } from '../../core/failures.ts'
import type { Size } from '../../core/frame.ts'
import { toScreen } from '../../core/geometry.ts'
import { normalizeCombo } from '../../core/keys.ts'
import { malformedAction } from '../../core/reply-checks.ts'
import { GRID_1000 } from '../families/family.ts'
import { allowedFunctions, PREDEFINED_FUNCTIONS, type GeminiEnvironment } from './predefined-functions.ts'

/** wait_5_seconds waits what its name says. */
export const WAIT_MS = 5000
/** scroll_at's default magnitude on the grid, as Google documents it. */
export const DEFAULT_MAGNITUDE = 800

const at = { x: z.number(), y: z.number() }
const direction = z.enum(['up', 'down', 'left', 'right'])
const fn = <N extends string, A extends z.ZodRawShape>(name: N, args: A) => z.object({ name: z.literal(name), args: z.object(args) })
const wireCall = z.discriminatedUnion('name', [
  fn('click_at', at),
  fn('hover_at', at),
  fn('type_text_at', { ...at, text: z.string(), press_enter: z.boolean().default(true), clear_before_typing: z.boolean().default(true) }),
  fn('key_combination', { keys: z.string().min(1) }),
  fn('scroll_document', { direction }),
  fn('scroll_at', { ...at, direction, magnitude: z.number().nonnegative().default(DEFAULT_MAGNITUDE) }),
  fn('drag_and_drop', { ...at, destination_x: z.number(), destination_y: z.number() }),
  fn('wait_5_seconds', {}),
  fn('go_back', {}),
  fn('go_forward', {}),
])
type WireCall = z.infer<typeof wireCall>
const MAPPED: readonly string[] = wireCall.options.map((o) => o.shape.name.value)

export interface FunctionCallLike {
  name?: string
  args?: Record<string, unknown>
}

export interface MapContext {
  /** The screen the grid covers (the image sent is the same picture, scaled). */
  screen: Size
  environment: GeminiEnvironment
  step?: number
}

/** One call's actions, or why it cannot be performed. */
export function toActions(call: FunctionCallLike, ctx: MapContext): { actions: Action[] } | { failure: Failure } {
  const name = call.name ?? ''
  if (!(allowedFunctions(ctx.environment) as string[]).includes(name) || !MAPPED.includes(name)) {
    const why = (PREDEFINED_FUNCTIONS as readonly string[]).includes(name) ? 'excluded from a test (excludedPredefinedFunctions)' : 'not a function this adapter declares'
    return { failure: { type: 'unknown_action', step: ctx.step, message: `function ${JSON.stringify(name)} is ${why}; allowed: ${allowedFunctions(ctx.environment).join(', ')}` } }
  }
  const { safety_decision: _decision, ...args } = call.args ?? {}
  const parsed = wireCall.safeParse({ name, args })
  if (!parsed.success) return { failure: malformedAction(`${name}: ${parsed.error.issues.map((i) => `${i.path.slice(1).join('.') || 'args'} ${i.message}`).join('; ')}`, ctx.step) }
  try {
    return { actions: convert(parsed.data, ctx) }
  } catch (error) {
    // normalizeCombo throws a RangeError on a key name it does not know.
    if (error instanceof RangeError) return { failure: malformedAction(`${name}: ${error.message}`, ctx.step) }
    throw error
  }
}

function convert(call: WireCall, ctx: MapContext): Action[] {
  const point = (x: number, y: number) => toScreen({ x, y }, GRID_1000, ctx.screen, ctx.screen)
  const scroll = (x: number, y: number, dir: z.infer<typeof direction>, magnitude: number): Action => {
    // A distance on the grid scales like a point from the origin.
    const d = point(magnitude, magnitude)
    const delta = { up: { x: 0, y: -d.y }, down: { x: 0, y: d.y }, left: { x: -d.x, y: 0 }, right: { x: d.x, y: 0 } }[dir]
    return { type: 'scroll', ...point(x, y), scrollX: delta.x, scrollY: delta.y }
  }
  switch (call.name) {
    case 'click_at':
      return [{ type: 'click', ...point(call.args.x, call.args.y), button: 'left' }]
    case 'hover_at':
      return [{ type: 'move', ...point(call.args.x, call.args.y) }]
    case 'type_text_at': {
      const t = call.args
      const clear: Action[] = t.clear_before_typing ? [{ type: 'keypress', keys: ['ctrl', 'a'] }, { type: 'keypress', keys: ['backspace'] }] : []
      const enter: Action[] = t.press_enter ? [{ type: 'keypress', keys: ['enter'] }] : []
      return [{ type: 'click', ...point(t.x, t.y), button: 'left' }, ...clear, { type: 'type', text: t.text }, ...enter]
    }
    case 'key_combination':
      // "Control+Shift+T"; a trailing '+' is the plus key itself ("Control++").
      return [{ type: 'keypress', keys: normalizeCombo(call.args.keys.split(/\+(?=.)/)) }]
    case 'scroll_document':
      return [scroll(500, 500, call.args.direction, DEFAULT_MAGNITUDE)]
    case 'scroll_at':
      return [scroll(call.args.x, call.args.y, call.args.direction, call.args.magnitude)]
    case 'drag_and_drop':
      return [{ type: 'drag', path: [point(call.args.x, call.args.y), point(call.args.destination_x, call.args.destination_y)] }]
    case 'wait_5_seconds':
      return [{ type: 'wait', ms: WAIT_MS }]
    case 'go_back':
      // Chromium's Back shortcut; on a phone, its Back key.
      return [{ type: 'keypress', keys: ctx.environment === 'mobile' ? ['back'] : ['alt', 'left'] }]
    case 'go_forward':
      return [{ type: 'keypress', keys: ['alt', 'right'] }]
    default:
      return call satisfies never
  }
}
