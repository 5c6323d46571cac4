// Budgets and knobs of one agent.do run, with their defaults in one place.
import type { SettleOptions } from '../core/screen.ts'

export interface AgentOptions {
  /** Step budget (default 15, the seed's). */
  maxSteps?: number
  /** Wall-clock budget for the whole run, ms (default 5 minutes). */
  timeoutMs?: number
  /** Budget of input + output tokens. */
  maxTokens?: number
  maxCostUsd?: number
  /** What success and failure look like (a case's successCriteria/failureCriteria), shown to the model. */
  criteria?: { success?: string[]; failure?: string[] }
  /** Asked cold when the model claims success; anything but YES tags false_success. */
  verify?: string
  settle?: SettleOptions
  /** repeated_action: the same action on the same frame within this many steps (default 3). */
  repeatWindow?: number
  /** no_progress: the screen unchanged across this many acting steps (default 3). */
  noProgressSteps?: number
  signal?: AbortSignal
}

export const AGENT_DEFAULTS = {
  maxSteps: 15,
  timeoutMs: 5 * 60_000,
  repeatWindow: 3,
  noProgressSteps: 3,
  // A click's effect (a popup opening) may take a few hundred ms to start on a loaded machine, and
  // a slowed animation paints less often than every 100 ms: see waitForStable.
  settle: { stableMs: 200, reactionMs: 300, timeoutMs: 2500 },
  // A screen still exactly as it was before a click is watched this much longer, from the next step's
  // capture (a permission prompt that closes 400 ms after its button is clicked): see runAgent.
  lateReactionMs: 1500,
} as const
