// Claude's computer actions (a GA toolset member, or the beta tool's `action`, with the same
// fields) → Actions in screen pixels, and what each tool_use is answered with. Coordinates are
// pixels of the image sent. The pointer is followed through the batch from where the loop left it,
// so a click without a coordinate, cursor_position and a held button land where the screen has it.
import { z } from 'zod'
import { pointerAfter, WHEEL_NOTCH_PX, type Action, type Point } from '../../core/action.ts'
import type { Failure } from '../../core/failures.ts'
import type { Size } from '../../core/frame.ts'
import { fromScreen, toScreen, type Box } from '../../core/geometry.ts'
import { normalizeCombo } from '../../core/keys.ts'
import { malformedAction } from '../../core/reply-checks.ts'

/** One tool_use, read the same for both tool shapes. */
export interface ToolUse {
  id: string
  /** The member name (GA) or `input.action` (beta); unknown until checked. */
  action: unknown
  input: Record<string, unknown>
}

/** How a tool_use is answered in the next request's tool_result. */
export type Answer =
  | { id: string; kind: 'screenshot' }
  /** A crop of the live frame; `box` in screen pixels. */
  | { id: string; kind: 'zoom'; box: Box }
  /** The pointer in pixels of the image sent; undefined when no action has placed it yet. */
  | { id: string; kind: 'cursor'; at?: Point }
  | { id: string; kind: 'error'; message: string }

export interface MapContext {
  canvas: Size
  screen: Size
  step?: number
  /** Where the pointer is, screen pixels (from the actions performed so far). */
  pointer?: Point
  /** Points of a left button held down by an earlier left_mouse_down (screen pixels). */
  held?: Point[]
}

export interface Mapped {
  actions: Action[]
  failures: Failure[]
  answers: Answer[]
  notes: string[]
  /** The held button's path after this batch, to carry into the next turn. */
  held?: Point[]
}

const xy = z.tuple([z.number(), z.number()])
const modifier = { text: z.string().nullish() }
const at = z.object({ coordinate: xy.nullish(), ...modifier }).loose()
const MEMBERS = {
  left_click: at,
  right_click: at,
  middle_click: at,
  double_click: at,
  triple_click: at,
  mouse_move: z.object({ coordinate: xy }).loose(),
  left_click_drag: z.object({ start_coordinate: xy, coordinate: xy, ...modifier }).loose(),
  left_mouse_down: z.object({}).loose(),
  left_mouse_up: z.object({}).loose(),
  scroll: z.object({ scroll_direction: z.enum(['up', 'down', 'left', 'right']), scroll_amount: z.number().nonnegative(), coordinate: xy.nullish(), ...modifier }).loose(),
  type: z.object({ text: z.string() }).loose(),
  key: z.object({ text: z.string().min(1), repeat: z.number().int().positive().nullish() }).loose(),
  hold_key: z.object({ text: z.string().min(1), duration: z.number().nonnegative() }).loose(),
  wait: z.object({ duration: z.number().nonnegative() }).loose(),
  screenshot: z.object({}).loose(),
  cursor_position: z.object({}).loose(),
  zoom: z.object({ region: z.tuple([z.number(), z.number(), z.number(), z.number()]) }).loose(),
} as const
type Member = keyof typeof MEMBERS
/** The members whose `text` is a key combination held during the action (not text to type). */
const WITH_MODIFIER: ReadonlySet<Member> = new Set(['left_click', 'right_click', 'middle_click', 'double_click', 'triple_click', 'left_click_drag', 'scroll'])
export const MEMBER_NAMES = Object.keys(MEMBERS) as Member[]
type Input<M extends Member> = z.infer<(typeof MEMBERS)[M]>

/** Maps a batch in order; each tool_use gets an answer, a bad one an error answer and its failure, and the rest still runs. */
export function toActions(uses: readonly ToolUse[], ctx: MapContext): Mapped {
  const out: Mapped = { actions: [], failures: [], answers: [], notes: [], held: ctx.held }
  let pointer = ctx.pointer
  for (const use of uses) {
    const result = mapOne(use, { ...ctx, pointer, held: out.held })
    if ('failure' in result) {
      out.failures.push(result.failure)
      out.answers.push({ id: use.id, kind: 'error', message: result.failure.message })
      continue
    }
    out.actions.push(...result.actions)
    out.answers.push(result.answer)
    if (result.note) out.notes.push(result.note)
    out.held = result.held
    pointer = result.pointer ?? pointerAfter(result.actions, pointer)
  }
  return out
}

interface One {
  actions: Action[]
  answer: Answer
  note?: string
  held?: Point[]
  /** Where the pointer went when no performed action says so (a move while the button is held). */
  pointer?: Point
}

function mapOne(use: ToolUse, ctx: MapContext): One | { failure: Failure } {
  const name = use.action
  if (typeof name !== 'string' || !(name in MEMBERS)) {
    return { failure: { type: 'unknown_action', step: ctx.step, message: `unsupported computer action ${JSON.stringify(name)}; the computer tool's actions are ${MEMBER_NAMES.join(', ')}` } }
  }
  const member = name as Member
  const parsed = MEMBERS[member].safeParse(use.input)
  if (!parsed.success) return { failure: malformedAction(`${member}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'} ${i.message}`).join('; ')}`, ctx.step) }
  const input = parsed.data as Record<string, unknown>
  if (WITH_MODIFIER.has(member) && typeof input.text === 'string' && input.text !== '') {
    return { failure: { type: 'unknown_action', step: ctx.step, message: `${member} while holding ${input.text} is not supported` } }
  }
  try {
    return convert(member, input, use.id, ctx)
  } catch (error) {
    if (error instanceof RangeError) return { failure: malformedAction(`${member}: ${error.message}`, ctx.step) }
    throw error
  }
}

function convert(member: Member, input: Record<string, unknown>, id: string, ctx: MapContext): One | { failure: Failure } {
  const screen = (p: readonly [number, number]) => toScreen({ x: p[0], y: p[1] }, PIXELS, ctx.canvas, ctx.screen)
  const here = (coordinate: unknown): Point | { failure: Failure } => {
    if (Array.isArray(coordinate)) return screen(coordinate as [number, number])
    return ctx.pointer ?? { failure: malformedAction(`${member} names no coordinate, and no action has placed the pointer yet`, ctx.step) }
  }
  const done = (actions: Action[], extra: Partial<One> = {}): One => ({ actions, answer: { id, kind: 'screenshot' }, held: ctx.held, ...extra })
  switch (member) {
    case 'left_click':
    case 'right_click':
    case 'middle_click':
    case 'double_click':
    case 'triple_click': {
      const p = here(input.coordinate)
      if ('failure' in p) return p
      if (member === 'double_click') return done([{ type: 'double_click', ...p }])
      // A triple click is a double click and one more click on the same spot, within the multi-click interval.
      if (member === 'triple_click') return done([{ type: 'double_click', ...p }, { type: 'click', ...p, button: 'left' }])
      return done([{ type: 'click', ...p, button: member === 'right_click' ? 'right' : member === 'middle_click' ? 'middle' : 'left' }])
    }
    case 'mouse_move': {
      const p = screen((input as Input<'mouse_move'>).coordinate)
      // While the button is held the move is part of the drag that left_mouse_up performs.
      return ctx.held ? done([], { held: [...ctx.held, p], pointer: p }) : done([{ type: 'move', ...p }])
    }
    case 'left_click_drag': {
      const i = input as Input<'left_click_drag'>
      return done([{ type: 'drag', path: [screen(i.start_coordinate), screen(i.coordinate)] }])
    }
    case 'left_mouse_down': {
      if (ctx.held) return { failure: malformedAction('left_mouse_down while the left button is already down', ctx.step) }
      const p = here(undefined)
      if ('failure' in p) return p
      return done([], { held: [p], note: 'left_mouse_down: the button is held until left_mouse_up, which performs the press, the moves and the release as one drag' })
    }
    case 'left_mouse_up': {
      if (!ctx.held) return { failure: malformedAction('left_mouse_up without a left_mouse_down', ctx.step) }
      const path = ctx.held
      const moved = path.some((p) => p.x !== path[0]!.x || p.y !== path[0]!.y)
      return done([moved ? { type: 'drag', path } : { type: 'click', ...path[0]!, button: 'left' }], { held: undefined })
    }
    case 'scroll': {
      const i = input as Input<'scroll'>
      const p = here(i.coordinate)
      if ('failure' in p) return p
      // scroll_amount counts wheel clicks: screen pixels by the notch the targets scroll by, not canvas pixels.
      const px = i.scroll_amount * WHEEL_NOTCH_PX
      const d = { up: [0, -px], down: [0, px], left: [-px, 0], right: [px, 0] }[i.scroll_direction]
      return done([{ type: 'scroll', ...p, scrollX: d[0]!, scrollY: d[1]! }])
    }
    case 'type':
      return done([{ type: 'type', text: (input as Input<'type'>).text }])
    case 'key': {
      const i = input as Input<'key'>
      const keys = normalizeCombo(i.text)
      return done(Array.from({ length: i.repeat ?? 1 }, () => ({ type: 'keypress' as const, keys })))
    }
    case 'hold_key': {
      const i = input as Input<'hold_key'>
      return done([{ type: 'keypress', keys: normalizeCombo(i.text) }, { type: 'wait', ms: Math.round(i.duration * 1000) }], {
        note: `hold_key ${i.text} for ${i.duration}s: pressed once, then waited (real input here presses and releases; it cannot hold a key)`,
      })
    }
    case 'wait':
      return done([{ type: 'wait', ms: Math.round((input as Input<'wait'>).duration * 1000) }])
    case 'screenshot':
      return done([])
    case 'cursor_position':
      return { actions: [], held: ctx.held, answer: { id, kind: 'cursor', at: ctx.pointer && fromScreen(ctx.pointer, PIXELS, ctx.canvas, ctx.screen) } }
    case 'zoom': {
      const [x0, y0, x1, y1] = (input as Input<'zoom'>).region
      const a = screen([Math.min(x0, x1), Math.min(y0, y1)])
      const b = screen([Math.max(x0, x1), Math.max(y0, y1)])
      if (b.x - a.x < 1 || b.y - a.y < 1) return { failure: malformedAction(`zoom: the region ${JSON.stringify([x0, y0, x1, y1])} is empty`, ctx.step) }
      return { actions: [], held: ctx.held, answer: { id, kind: 'zoom', box: { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y } } }
    }
    default:
      return member satisfies never
  }
}

const PIXELS = { kind: 'pixels' } as const
