// One Action → the `adb shell` commands that perform it on a touch screen. Pure, so every
// mapping is unit-tested: a click is a tap, a right click a long press, a scroll a swipe against
// the scroll direction (its pixels read as density-independent, like CSS pixels), a drag a slow
// swipe (or touch events along a longer path), keys are numeric key events.
import type { Action, Point } from '../../core/action.ts'
import type { Size } from '../../core/frame.ts'
import { normalizeCombo } from '../../core/keys.ts'
import { keycodeOf } from './keycodes.ts'
import { inputTextArgument, planText } from './input-text.ts'

/** One device command (the words after `adb shell`), or a pause. */
export type AdbStep = { shell: string[] } | { sleepMs: number }

export interface InputContext {
  /** The screen the action's coordinates are in (the captured frame). */
  screen: Size
  /** Frame pixels → `input` coordinates (1 unless the display is scaled against its capture). */
  scale: { x: number; y: number }
  /** Screen density in dpi (`wm density`): scroll distances scale by density / 160. */
  density: number
  longPressMs?: number
  swipeMs?: number
  dragMs?: number
}

const DEFAULTS = { longPressMs: 800, swipeMs: 300, dragMs: 1000 } as const

/** The commands for one action; throws a RangeError for what a touch screen cannot do. */
export function planInput(action: Action, ctx: InputContext): AdbStep[] {
  const at = (p: Point) => [String(Math.round(p.x * ctx.scale.x)), String(Math.round(p.y * ctx.scale.y))]
  switch (action.type) {
    case 'click': {
      if (action.button === 'middle') throw new RangeError('a touch screen has no middle button')
      if (action.button === 'left') return [{ shell: ['input', 'tap', ...at(action)] }]
      const xy = at(action)
      return [{ shell: ['input', 'swipe', ...xy, ...xy, String(ctx.longPressMs ?? DEFAULTS.longPressMs)] }]
    }
    case 'double_click':
      // one shell line, so the second tap follows the first without another adb round trip
      return [{ shell: ['input', 'tap', ...at(action), ';', 'input', 'tap', ...at(action)] }]
    case 'move':
      return [] // a finger cannot hover: nothing to do
    case 'drag': {
      const [first, ...rest] = action.path
      const last = rest.at(-1)!
      if (rest.length === 1) return [{ shell: ['input', 'swipe', ...at(first!), ...at(last), String(ctx.dragMs ?? DEFAULTS.dragMs)] }]
      const moves = rest.slice(0, -1).flatMap((p) => [';', 'input', 'motionevent', 'MOVE', ...at(p)])
      return [{ shell: ['input', 'motionevent', 'DOWN', ...at(first!), ...moves, ';', 'input', 'motionevent', 'UP', ...at(last)] }]
    }
    case 'scroll':
      return planScroll(action, ctx, at)
    case 'type':
      return typeText(action.text)
    case 'keypress':
      return planKeys(action.keys)
    case 'wait':
      return [{ sleepMs: action.ms }]
    default:
      return action satisfies never
  }
}

function planScroll(action: Extract<Action, { type: 'scroll' }>, ctx: InputContext, at: (p: Point) => string[]): AdbStep[] {
  const factor = ctx.density / 160
  const dx = action.scrollX * factor
  const dy = action.scrollY * factor
  if (dx === 0 && dy === 0) return []
  // content scrolls down when the finger moves up: the swipe runs against the scroll
  const end = {
    x: Math.min(Math.max(action.x - dx, 0), ctx.screen.width - 1),
    y: Math.min(Math.max(action.y - dy, 0), ctx.screen.height - 1),
  }
  return [{ shell: ['input', 'swipe', ...at(action), ...at(end), String(ctx.swipeMs ?? DEFAULTS.swipeMs)] }]
}

function planKeys(keys: readonly string[]): AdbStep[] {
  const canonical = normalizeCombo(keys)
  const codes = canonical.map(keycodeOf)
  if (canonical.length === 1 && codes[0] === undefined) {
    // a printable character with no key of its own ('!', '?'): typed instead
    return typeText(canonical[0]!)
  }
  const missing = canonical.filter((_, i) => codes[i] === undefined)
  if (missing.length > 0) throw new RangeError(`no Android key code for ${missing.map((k) => `"${k}"`).join(', ')} in ${canonical.join('+')}`)
  if (codes.length === 1) return [{ shell: ['input', 'keyevent', String(codes[0])] }]
  return [{ shell: ['input', 'keycombination', ...codes.map(String)] }]
}

function typeText(text: string): AdbStep[] {
  return planText(text).map((step) => ({
    shell: step.kind === 'key' ? ['input', 'keyevent', String(step.code)] : ['input', 'text', inputTextArgument(step.text)],
  }))
}
