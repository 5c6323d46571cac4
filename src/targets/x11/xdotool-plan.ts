// Each Action as the one xdotool invocation that performs it (xdotool chains commands, so a
// move-and-click is one process start). Pure, so every argument list is unit-tested without a display.
import { WHEEL_NOTCH_PX, type Action, type MouseButton, type Point } from '../../core/action.ts'
import { toXdotoolCombo } from './keysym.ts'

export type InputPlan =
  /** Typed text goes through stdin (`--file -`), so it never shows in a process list or an error's command line. */
  | { tool: 'xdotool'; args: string[]; stdin?: string }
  | { tool: 'sleep'; ms: number }

export interface PlanOptions {
  /** Delay between typed characters, ms. */
  typeDelayMs: number
}

export const BUTTON_NUMBERS: Record<MouseButton, string> = { left: '1', middle: '2', right: '3' }
const DRAG_STEP_PX = 20
const DRAG_PAUSE_SECONDS = '0.01'
const DOUBLE_CLICK_GAP_MS = '60'
const SCROLL_NOTCH_GAP_MS = '10'

/** The xdotool arguments (or the sleep) for one action; throws RangeError on an unknown key name. */
export function planAction(action: Action, { typeDelayMs }: PlanOptions): InputPlan {
  switch (action.type) {
    case 'click':
      return xdotool([...moveTo(action), 'click', '--delay', '0', BUTTON_NUMBERS[action.button]])
    case 'double_click':
      return xdotool([...moveTo(action), 'click', '--repeat', '2', '--delay', DOUBLE_CLICK_GAP_MS, BUTTON_NUMBERS.left])
    case 'move':
      return xdotool(moveTo(action))
    case 'drag':
      return xdotool(dragArgs(action.path))
    case 'type':
      return { tool: 'xdotool', args: ['type', '--delay', String(Math.round(typeDelayMs)), '--file', '-'], stdin: action.text }
    case 'keypress':
      return xdotool(['key', '--clearmodifiers', toXdotoolCombo(action.keys)])
    case 'scroll':
      return xdotool([...moveTo(action), ...wheel(action.scrollY, '4', '5'), ...wheel(action.scrollX, '6', '7')])
    case 'wait':
      return { tool: 'sleep', ms: action.ms }
    default:
      return action satisfies never
  }
}

function xdotool(args: string[]): InputPlan {
  return { tool: 'xdotool', args }
}

/** Negative coordinates are clamped to 0: xdotool would read '-5' as an option. */
function moveTo({ x, y }: Point): string[] {
  return ['mousemove', String(Math.max(0, Math.round(x))), String(Math.max(0, Math.round(y)))]
}

/** Button 1 held while the pointer walks the path in steps of at most DRAG_STEP_PX. */
function dragArgs([first, ...rest]: readonly Point[]): string[] {
  if (!first || rest.length === 0) throw new RangeError('a drag needs at least two points')
  const args = [...moveTo(first), 'mousedown', '1']
  let from = first
  for (const to of rest) {
    const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / DRAG_STEP_PX))
    for (let s = 1; s <= steps; s++) {
      const t = s / steps
      args.push('sleep', DRAG_PAUSE_SECONDS, ...moveTo({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }))
    }
    from = to
  }
  return [...args, 'sleep', DRAG_PAUSE_SECONDS, 'mouseup', '1']
}

/** Wheel clicks for one axis: `back` for negative pixels (up/left), `forward` for positive. */
function wheel(pixels: number, back: string, forward: string): string[] {
  if (pixels === 0) return []
  const notches = Math.max(1, Math.round(Math.abs(pixels) / WHEEL_NOTCH_PX))
  return ['click', '--repeat', String(notches), '--delay', SCROLL_NOTCH_GAP_MS, pixels < 0 ? back : forward]
}
