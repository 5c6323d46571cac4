// One planned step → input actions in screen pixels, grounded on the current frame: labels by
// OCR (find-label.ts), the extension's icon by its pixels or its pinned slot (find-icon.ts). A target that is not on screen is a miss with
// a message naming the label and what was seen instead.
import type { Action } from '../../core/action.ts'
import type { Frame, Size } from '../../core/frame.ts'
import { boxCenter, type Box } from '../../core/geometry.ts'
import type { LabelInk } from '../../grounding/label-ink.ts'
import type { LocateQuery, LocateResult } from '../../grounding/locate.ts'
import { findExtensionIcon } from './find-icon.ts'
import type { OpenedMenu } from './find-in-menu.ts'
import { findLabel } from './find-label.ts'
import type { ClickTarget, Step } from './planner.ts'

/** What the offline model needs from grounding (the Locator, or a fake in tests). */
export interface StepLocator {
  locate(frame: Pick<Frame, 'image' | 'hash'>, query: LocateQuery): Promise<LocateResult>
  ink(frame: Pick<Frame, 'image' | 'hash'>, box: Box): Promise<LabelInk>
}

export type ActionStep = Exclude<Step, { kind: 'expect' | 'unknown' }>

export type Grounded =
  /**
   * `selected`: the text a select step highlighted, and where (OCR no longer reads it once highlighted).
   * `doubt`: why the target found may be the wrong one, worth another look before acting.
   */
  | { actions: Action[]; did: string; selected?: Selection; doubt?: string }
  | { missed: string }

export interface Selection {
  text: string
  box: Box
}

/** Pixels of one "scroll" step: three wheel notches. */
const SCROLL_STEP_PX = 300

export interface GroundContext {
  frame: Frame
  screen: Size
  locator: StepLocator
  extensionIcon?: Uint8Array
  /** What the run selected last, for a right-click on it. */
  selection?: Selection
  /** The menu the previous step's right-click opened: labels are looked for there first. */
  menu?: OpenedMenu
}

export async function groundStep(step: ActionStep, ctx: GroundContext): Promise<Grounded> {
  switch (step.kind) {
    case 'click': {
      const found = await findTarget(step.target, ctx)
      if ('missed' in found) return found
      const { x, y } = found.at
      const action: Action = step.double ? { type: 'double_click', x, y } : { type: 'click', x, y, button: step.button }
      const how = step.double ? 'double-clicked' : step.button === 'right' ? 'right-clicked' : 'clicked'
      return { actions: [action], did: `${how} ${found.what} at (${x}, ${y})${noted(found)}`, ...doubted(found) }
    }
    case 'select': {
      const found = await findLabel(step, ctx.frame, ctx.locator)
      if ('missed' in found) return found
      const { box, at } = found
      const path = [{ x: Math.max(0, box.x - 2), y: at.y }, { x: box.x + box.width + 2, y: at.y }]
      const did = `selected ${found.what} by dragging from (${path[0]!.x}, ${at.y}) to (${path[1]!.x}, ${at.y})${noted(found)}`
      return { actions: [{ type: 'drag', path }], did, selected: { text: step.text, box }, ...doubted(found) }
    }
    case 'type': {
      const text: Action = { type: 'type', text: step.text }
      if (step.field === undefined) return { actions: [text], did: `typed '${step.text}'` }
      const found = await findTarget({ text: step.field }, ctx)
      if ('missed' in found) return found
      const { x, y } = found.at
      return { actions: [{ type: 'click', x, y, button: 'left' }, text], did: `typed '${step.text}' into ${found.what} at (${x}, ${y})${noted(found)}`, ...doubted(found) }
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

/** Where a click target is on the frame (a label's box too), or why it is not there. */
export async function findTarget(target: ClickTarget, ctx: GroundContext): Promise<{ at: { x: number; y: number }; box?: Box; what: string; note?: string; doubt?: string } | { missed: string }> {
  if ('point' in target) {
    const { x, y } = target.point
    if (x >= ctx.screen.width || y >= ctx.screen.height) return { missed: `(${x}, ${y}) is outside the ${ctx.screen.width}×${ctx.screen.height} screen` }
    return { at: target.point, what: 'the point' }
  }
  if ('extensionIcon' in target) return findExtensionIcon(ctx.frame, ctx.locator, ctx.extensionIcon)
  const selection = ctx.selection
  // Highlighted text is light on blue, which OCR misses: the selection is where the run selected it.
  if ('selection' in target || (selection && sameText(target.text, selection.text))) {
    if (!selection) return { missed: 'nothing was selected before this step (select the text first)' }
    return { at: boxCenter(selection.box), what: `the selected '${selection.text}'` }
  }
  return findLabel(target, ctx.frame, ctx.locator, ctx.menu)
}

/** A found label's note (why this copy of it), as a clause of the step's text. */
function noted(found: { note?: string }): string {
  return found.note ? `; ${found.note}` : ''
}

function doubted(found: { doubt?: string }): { doubt?: string } {
  return found.doubt ? { doubt: found.doubt } : {}
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

function repeat(n: number, action: Action): Action[] {
  return Array.from({ length: Math.max(1, n) }, () => action)
}

function times(n: number): string {
  return n > 1 ? ` ${n} times` : ''
}
