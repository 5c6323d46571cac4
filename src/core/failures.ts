// The failure taxonomy (DESIGN §5): every type is named by a deterministic rule, never by a model.
import { z } from 'zod'
import { actionPoints, type Action } from './action.ts'
import type { Size } from './frame.ts'

export const failureTypeSchema = z.enum([
  'malformed_action',
  'unknown_action',
  'out_of_bounds',
  'action_error',
  'repeated_action',
  'no_progress',
  'blank_frame',
  'max_steps_exceeded',
  'budget_exceeded',
  'context_overflow',
  'empty_response',
  'provider_error',
  'agent_reported_failure',
  'false_success',
  'verifier_error',
  'replay_drift',
  'target_crashed',
])
export type FailureType = z.infer<typeof failureTypeSchema>

export const failureSchema = z.object({
  type: failureTypeSchema,
  step: z.number().int().optional(),
  message: z.string(),
})
export type Failure = z.infer<typeof failureSchema>

/** Failures that end a run at once; the others are recorded and the loop goes on. */
export const FATAL_FAILURES: ReadonlySet<FailureType> = new Set([
  'max_steps_exceeded',
  'budget_exceeded',
  'context_overflow',
  'provider_error',
  'agent_reported_failure',
  'false_success',
  'verifier_error',
  'replay_drift',
  'target_crashed',
])

/** Points outside the screen, one failure per offending action. */
export function detectOutOfBounds(actions: readonly Action[], screen: Size, step?: number): Failure[] {
  const failures: Failure[] = []
  for (const action of actions) {
    const bad = actionPoints(action).find((p) => p.x < 0 || p.y < 0 || p.x >= screen.width || p.y >= screen.height)
    if (bad) {
      failures.push({
        type: 'out_of_bounds',
        step,
        message: `${action.type} at (${bad.x}, ${bad.y}) is outside the ${screen.width}×${screen.height} screen`,
      })
    }
  }
  return failures
}

/** Clamps an action's points into the screen (used after out_of_bounds is recorded). */
export function clampAction(action: Action, screen: Size): Action {
  const cx = (x: number) => Math.min(Math.max(0, x), screen.width - 1)
  const cy = (y: number) => Math.min(Math.max(0, y), screen.height - 1)
  switch (action.type) {
    case 'click':
    case 'double_click':
    case 'move':
    case 'scroll':
      return { ...action, x: cx(action.x), y: cy(action.y) }
    case 'drag':
      return { ...action, path: action.path.map((p) => ({ x: cx(p.x), y: cy(p.y) })) }
    case 'type':
    case 'keypress':
    case 'wait':
      return action
    default:
      return action satisfies never
  }
}

export interface ActedStep {
  step: number
  frameHash: string
  actions: readonly Action[]
}

/** The same actions on the same frame within the last `window` steps: the agent is looping. */
export function detectRepeatedAction(history: readonly ActedStep[], current: ActedStep, window = 3): Failure | undefined {
  if (current.actions.length === 0) return undefined
  const key = JSON.stringify(current.actions)
  const earlier = history
    .slice(-window)
    .find((h) => h.frameHash === current.frameHash && JSON.stringify(h.actions) === key)
  if (!earlier) return undefined
  return {
    type: 'repeated_action',
    step: current.step,
    message: `same action as step ${earlier.step} on an unchanged screen`,
  }
}

/** The screen has not changed across `k` consecutive acting steps. */
export function detectNoProgress(frameHashesAfterActing: readonly string[], step: number, k = 3): Failure | undefined {
  if (frameHashesAfterActing.length < k + 1) return undefined
  const tail = frameHashesAfterActing.slice(-(k + 1))
  if (!tail.every((h) => h === tail[0])) return undefined
  return { type: 'no_progress', step, message: `the screen did not change over the last ${k} acting steps` }
}

export function summarizeFailures(failures: readonly Failure[]): string {
  const counts = new Map<FailureType, number>()
  for (const f of failures) counts.set(f.type, (counts.get(f.type) ?? 0) + 1)
  return [...counts].map(([type, n]) => (n > 1 ? `${type} ×${n}` : type)).join(', ')
}
