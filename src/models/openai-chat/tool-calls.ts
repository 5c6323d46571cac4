// A Chat Completions reply's tool calls → Actions in screen pixels (through the model's
// coordinate family), or a verdict from done/fail. Bad JSON or fields are malformed_action, an
// unknown tool is unknown_action; each call is judged on its own.
import { z } from 'zod'
import type { Action } from '../../core/action.ts'
import type { Failure } from '../../core/failures.ts'
import type { Size } from '../../core/frame.ts'
import { toScreen, type CoordinateConvention } from '../../core/geometry.ts'
import { normalizeCombo } from '../../core/keys.ts'
import { detectUnknownAction, malformedAction } from '../../core/reply-checks.ts'
import { TOOL_NAMES, type ToolName } from './tools.ts'

const num = z.number()
const ARGS = {
  click: z.object({ x: num, y: num, button: z.enum(['left', 'right', 'middle']).nullish() }),
  double_click: z.object({ x: num, y: num }),
  move: z.object({ x: num, y: num }),
  drag: z.object({ start_x: num, start_y: num, end_x: num, end_y: num }),
  type: z.object({ text: z.string() }),
  keypress: z.object({ keys: z.union([z.array(z.string()).min(1), z.string().min(1)]) }),
  scroll: z.object({ x: num, y: num, scroll_x: num, scroll_y: num }),
  wait: z.object({ seconds: num.nonnegative().max(60).nullish() }),
  done: z.object({ reason: z.string().nullish() }),
  fail: z.object({ reason: z.string().nullish() }),
} satisfies Record<ToolName, z.ZodType>

export interface ToolCall {
  id: string
  name: string
  arguments: string
}

export interface MapContext {
  convention: CoordinateConvention
  canvas: Size
  screen: Size
  step?: number
}

export interface ParsedCalls {
  actions: Action[]
  failures: Failure[]
  /** From done/fail, when the model called one. */
  verdict?: { status: 'passed' | 'failed'; reason: string }
  /** What to tell the model about each call, by id. */
  results: Map<string, string>
}

export function parseToolCalls(calls: readonly ToolCall[], ctx: MapContext): ParsedCalls {
  const out: ParsedCalls = { actions: [], failures: [], results: new Map() }
  for (const call of calls) {
    const failure = parseOne(call, ctx, out)
    out.results.set(call.id, failure ? `not performed: ${failure.message}` : 'ok')
    if (failure) out.failures.push(failure)
  }
  return out
}

function parseOne(call: ToolCall, ctx: MapContext, out: ParsedCalls): Failure | undefined {
  if (!(TOOL_NAMES as readonly string[]).includes(call.name)) return detectUnknownAction(call.name, ctx.step)
  const name = call.name as ToolName
  let json: unknown
  try {
    json = JSON.parse(call.arguments || '{}')
  } catch {
    return malformedAction(`${name}: arguments are not JSON: ${call.arguments.slice(0, 120)}`, ctx.step)
  }
  const parsed = ARGS[name].safeParse(json)
  if (!parsed.success) return malformedAction(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'} ${i.message}`).join('; ')}`, ctx.step)
  const a = { name, ...parsed.data } as Args
  if (a.name === 'done' || a.name === 'fail') {
    out.verdict ??= { status: a.name === 'done' ? 'passed' : 'failed', reason: a.reason?.trim() ?? '' }
    return undefined
  }
  try {
    out.actions.push(toAction(a, (x, y) => toScreen({ x, y }, ctx.convention, ctx.canvas, ctx.screen)))
    return undefined
  } catch (error) {
    // normalizeCombo throws a RangeError on a key name it does not know.
    if (error instanceof RangeError) return malformedAction(`${a.name}: ${error.message}`, ctx.step)
    throw error
  }
}

function toAction(a: Exclude<Args, { name: 'done' | 'fail' }>, at: (x: number, y: number) => { x: number; y: number }): Action {
  switch (a.name) {
    case 'click':
      return { type: 'click', ...at(a.x, a.y), button: a.button ?? 'left' }
    case 'double_click':
      return { type: 'double_click', ...at(a.x, a.y) }
    case 'move':
      return { type: 'move', ...at(a.x, a.y) }
    case 'drag':
      return { type: 'drag', path: [at(a.start_x, a.start_y), at(a.end_x, a.end_y)] }
    case 'type':
      return { type: 'type', text: a.text }
    case 'keypress':
      return { type: 'keypress', keys: normalizeCombo(a.keys) }
    case 'scroll': {
      // A distance scales like a point from the origin, in the family's units.
      const delta = at(a.scroll_x, a.scroll_y)
      return { type: 'scroll', ...at(a.x, a.y), scrollX: delta.x, scrollY: delta.y }
    }
    case 'wait':
      return { type: 'wait', ms: Math.round((a.seconds ?? 1) * 1000) }
    default:
      return a satisfies never
  }
}

type Args = { [N in ToolName]: { name: N } & z.infer<(typeof ARGS)[N]> }[ToolName]
