// The failure taxonomy (DESIGN §5): every type is named by a deterministic rule, never by a model.
import { z } from 'zod'
import { actionPoints, mapActionPoints, type Action } from './action.ts'
import type { Size } from './frame.ts'

/** Every failure type, and whether it ends the run at once or is recorded while the loop goes on. */
const FAILURE_TYPES = {
  // Adapters report malformed_action and empty_response only after one nudge (reply-checks.ts).
  malformed_action: 'fatal',
  unknown_action: 'recorded',
  out_of_bounds: 'recorded',
  action_error: 'recorded',
  repeated_action: 'recorded',
  no_progress: 'recorded',
  blank_frame: 'recorded',
  max_steps_exceeded: 'fatal',
  budget_exceeded: 'fatal',
  context_overflow: 'fatal',
  empty_response: 'fatal',
  provider_error: 'fatal',
  agent_reported_failure: 'fatal',
  false_success: 'fatal',
  verifier_error: 'fatal',
  replay_drift: 'fatal',
  target_crashed: 'fatal',
} as const satisfies Record<string, 'fatal' | 'recorded'>

export type FailureType = keyof typeof FAILURE_TYPES
export const failureTypeSchema = z.enum(Object.keys(FAILURE_TYPES) as [FailureType, ...FailureType[]])

export const failureSchema = z.object({
  type: failureTypeSchema,
  step: z.number().int().optional(),
  message: z.string(),
})
export type Failure = z.infer<typeof failureSchema>

/** Failures that end a run at once; the others are recorded and the loop goes on. */
export const FATAL_FAILURES: ReadonlySet<FailureType> = new Set(
  (Object.keys(FAILURE_TYPES) as FailureType[]).filter((type) => FAILURE_TYPES[type] === 'fatal'),
)

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
  return mapActionPoints(action, (p) => ({ x: Math.min(Math.max(0, p.x), screen.width - 1), y: Math.min(Math.max(0, p.y), screen.height - 1) }))
}

export interface ActedStep {
  step: number
  frameHash: string
  actions: readonly Action[]
}

/**
 * The same actions on the same frame within the last `window` steps: the agent is looping. Waits
 * are left out of the comparison: waiting on an unchanged screen is how a model lets it change.
 */
export function detectRepeatedAction(history: readonly ActedStep[], current: ActedStep, window = 3): Failure | undefined {
  const key = actingKey(current.actions)
  if (key === undefined) return undefined
  const earlier = history
    .slice(-window)
    .find((h) => h.frameHash === current.frameHash && actingKey(h.actions) === key)
  if (!earlier) return undefined
  return {
    type: 'repeated_action',
    step: current.step,
    message: `same action as step ${earlier.step} on an unchanged screen`,
  }
}

/** The actions of a step without its waits, as a comparable key; undefined when nothing but waits is left. */
function actingKey(actions: readonly Action[]): string | undefined {
  const acting = actions.filter((a) => a.type !== 'wait')
  return acting.length === 0 ? undefined : JSON.stringify(acting)
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
