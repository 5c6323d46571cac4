// One planned step → input actions in screen pixels, grounded on the current frame: labels by
// OCR, the extension's icon by template match. A target that is not on screen is a miss with
// a message naming the label and what was seen instead.
import type { Action } from '../../core/action.ts'
import type { Frame, Size } from '../../core/frame.ts'
import type { LocateQuery, LocateResult } from '../../grounding/locate.ts'
import type { Step } from './planner.ts'

/** What the offline model needs from grounding (the Locator, or a fake in tests). */
export interface StepLocator {
  locate(frame: Pick<Frame, 'png' | 'hash'>, query: LocateQuery): Promise<LocateResult>
}

export type ActionStep = Exclude<Step, { kind: 'expect' | 'unknown' }>

export type Grounded =
  | { actions: Action[]; did: string }
  | { missed: string }

/** Pixels of one "scroll" step: three wheel notches. */
const SCROLL_STEP_PX = 300

export interface GroundContext {
  frame: Frame
  screen: Size
  locator: StepLocator
  extensionIcon?: Uint8Array
}

export async function groundStep(step: ActionStep, ctx: GroundContext): Promise<Grounded> {
  switch (step.kind) {
    case 'click': {
      const found = await find(step.target, ctx)
      if ('missed' in found) return found
      const { x, y } = found.at
      const action: Action = step.double ? { type: 'double_click', x, y } : { type: 'click', x, y, button: step.button }
      const how = step.double ? 'double-clicked' : step.button === 'right' ? 'right-clicked' : 'clicked'
      return { actions: [action], did: `${how} ${found.what} at (${x}, ${y})` }
    }
    case 'type': {
      const text: Action = { type: 'type', text: step.text }
      if (step.field === undefined) return { actions: [text], did: `typed '${step.text}'` }
      const found = await find({ text: step.field }, ctx)
      if ('missed' in found) return found
      const { x, y } = found.at
      return { actions: [{ type: 'click', x, y, button: 'left' }, text], did: `typed '${step.text}' into ${found.what} at (${x}, ${y})` }
    }
    case 'press':
      return { actions: repeat(step.times, { type: 'keypress', keys: step.keys }), did: `pressed ${step.keys.join('+')}${times(step.times)}` }
    case 'scroll': {
      const x = Math.round(ctx.screen.width / 2)
      const y = Math.round(ctx.screen.height / 2)
      const d = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }[step.direction]
      const action: Action = { type: 'scroll', x, y, scrollX: d[0]! * SCROLL_STEP_PX, scrollY: d[1]! * SCROLL_STEP_PX }
      return { actions: repeat(step.times, action), did: `scrolled ${step.direction}${times(step.times)}` }
    }
    case 'wait':
      return { actions: [{ type: 'wait', ms: step.ms }], did: `waited ${step.ms} ms` }
    default:
      return step satisfies never
  }
}

async function find(
  target: { text: string } | { extensionIcon: true },
  ctx: GroundContext,
): Promise<{ at: { x: number; y: number }; what: string } | { missed: string }> {
  if ('extensionIcon' in target) {
    if (!ctx.extensionIcon) {
      return { missed: "could not look for the extension icon: the offline model was given no icon image (the extension's manifest icon)" }
    }
    const result = await ctx.locator.locate(ctx.frame, { image: ctx.extensionIcon })
    if (!result.located) return { missed: `could not find the extension icon on screen (${result.seen})` }
    return { at: result.located.center, what: 'the extension icon' }
  }
  const result = await ctx.locator.locate(ctx.frame, { text: target.text })
  if (!result.located) {
    const closest = result.nearMisses.map((m) => `'${m.text}' at (${m.box.x}, ${m.box.y})`).join(', ')
    return { missed: `could not find '${target.text}' on screen${closest ? `; closest: ${closest}` : ''}; visible text: ${result.seen}` }
  }
  return { at: result.located.center, what: `'${target.text}'` }
}

function repeat(n: number, action: Action): Action[] {
  return Array.from({ length: Math.max(1, n) }, () => action)
}

function times(n: number): string {
  return n > 1 ? ` ${n} times` : ''
}
