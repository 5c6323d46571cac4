// Which steps of a run clicked at or near a box on screen (the extension's toolbar icon), and
// whether the screen changed after: the pixel half of the icon-click oracle, pure.
import type { Box } from './geometry.ts'
import type { TraceStep } from './trace.ts'

export interface ClickNear {
  step: number
  /** False when the next step's frame is the very same image; undefined when no step followed. */
  changed: boolean | undefined
}

/** Clicks (left, right or double) landing inside `box` grown by `margin` px on each side, in step order. */
export function clicksNear(steps: readonly Pick<TraceStep, 'step' | 'frameHash' | 'actions'>[], box: Box, margin: number): ClickNear[] {
  const near = (x: number, y: number) => x >= box.x - margin && x < box.x + box.width + margin && y >= box.y - margin && y < box.y + box.height + margin
  return steps.flatMap((step, i) => {
    const hit = step.actions.some((a) => (a.type === 'click' || a.type === 'double_click') && near(a.x, a.y))
    if (!hit) return []
    const next = steps[i + 1]
    return [{ step: step.step, changed: next === undefined ? undefined : next.frameHash !== step.frameHash }]
  })
}
