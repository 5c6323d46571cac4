// Every input a model may ask for, defined once. Coordinates are always SCREEN pixels here:
// adapters map from their canvas before an action reaches a Screen (see geometry.ts).
import { z } from 'zod'

const point = z.object({ x: z.number(), y: z.number() })
export type Point = z.infer<typeof point>

export const mouseButton = z.enum(['left', 'right', 'middle'])
export type MouseButton = z.infer<typeof mouseButton>

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('click'), x: z.number(), y: z.number(), button: mouseButton.default('left') }),
  z.object({ type: z.literal('double_click'), x: z.number(), y: z.number() }),
  z.object({ type: z.literal('move'), x: z.number(), y: z.number() }),
  z.object({ type: z.literal('drag'), path: z.array(point).min(2) }),
  /** `secret` text is typed for real but never written to a trace, cassette or report. */
  z.object({ type: z.literal('type'), text: z.string(), secret: z.boolean().optional() }),
  /** A key combination pressed together, e.g. ['ctrl', 'shift', 't'] (see keys.ts). */
  z.object({ type: z.literal('keypress'), keys: z.array(z.string()).min(1) }),
  z.object({ type: z.literal('scroll'), x: z.number(), y: z.number(), scrollX: z.number(), scrollY: z.number() }),
  z.object({ type: z.literal('wait'), ms: z.number().nonnegative() }),
])

export type Action = z.infer<typeof actionSchema>
export type ActionType = Action['type']
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>

export const ACTION_TYPES: readonly ActionType[] = actionSchema.options.map((o) => o.shape.type.value)

/** Screen pixels one wheel notch scrolls (a Chromium wheel click): targets turn a scroll distance into notches by it, adapters of click-counting tools the other way. */
export const WHEEL_NOTCH_PX = 100

/**
 * Where the pointer is after these actions (performed in order), in screen pixels: the last point a
 * pointer action left it at. Undefined when none moved it — the loop knows no position before that.
 */
export function pointerAfter(actions: readonly Action[], from?: Point): Point | undefined {
  let at = from
  for (const action of actions) at = actionPoints(action).at(-1) ?? at
  return at
}

/** Points an action touches, for bounds checks and annotation. */
export function actionPoints(action: Action): Point[] {
  switch (action.type) {
    case 'click':
    case 'double_click':
    case 'move':
    case 'scroll':
      return [{ x: action.x, y: action.y }]
    case 'drag':
      return action.path
    case 'type':
    case 'keypress':
    case 'wait':
      return []
    default:
      return action satisfies never
  }
}

/** The action with every point it touches passed through `f` (clamping, scaling, mapping canvases). */
export function mapActionPoints(action: Action, f: (point: Point) => Point): Action {
  switch (action.type) {
    case 'click':
    case 'double_click':
    case 'move':
    case 'scroll':
      return { ...action, ...f({ x: action.x, y: action.y }) }
    case 'drag':
      return { ...action, path: action.path.map(f) }
    case 'type':
    case 'keypress':
    case 'wait':
      return action
    default:
      return action satisfies never
  }
}

export const SECRET_MASK = '•••'

/** The action as it may be written to disk: secret text masked. */
export function redactAction(action: Action): Action {
  return action.type === 'type' && action.secret ? { ...action, text: SECRET_MASK } : action
}

/** One short human line, e.g. `click (640, 82)` or `type "hello"`. */
export function describeAction(action: Action): string {
  switch (action.type) {
    case 'click':
      return `${action.button === 'left' ? '' : `${action.button} `}click (${Math.round(action.x)}, ${Math.round(action.y)})`
    case 'double_click':
      return `double click (${Math.round(action.x)}, ${Math.round(action.y)})`
    case 'move':
      return `move (${Math.round(action.x)}, ${Math.round(action.y)})`
    case 'drag':
      return `drag ${action.path.map((p) => `(${Math.round(p.x)}, ${Math.round(p.y)})`).join(' → ')}`
    case 'type':
      return `type ${action.secret ? SECRET_MASK : JSON.stringify(action.text)}`
    case 'keypress':
      return `press ${action.keys.join('+')}`
    case 'scroll':
      return `scroll (${action.scrollX}, ${action.scrollY}) at (${Math.round(action.x)}, ${Math.round(action.y)})`
    case 'wait':
      return `wait ${action.ms} ms`
    default:
      return action satisfies never
  }
}
