// Performs an Action on an X display with real input events (XTest via xdotool).
import { setTimeout as sleep } from 'node:timers/promises'
import { execa } from 'execa'
import { describeAction, redactAction, type Action } from '../../core/action.ts'
import { TargetError, errorMessage } from '../../core/errors.ts'
import { failureReason } from './failure-reason.ts'
import type { KeymapBinder } from './keymap.ts'
import { planAction, type InputPlan } from './xdotool-plan.ts'
import { XdotoolSession } from './xdotool-session.ts'

export interface XdotoolOptions {
  /** The X display, e.g. ':99'. */
  display: string
  /** Delay between typed characters, ms (default 10). */
  typeDelayMs?: number
  signal?: AbortSignal
  /** Binds typed non-ASCII characters to keycodes first (see keymap.ts). */
  keymap?: KeymapBinder
  /** The display's running xdotool, for every command but typed text (which goes on its own stdin). */
  session?: XdotoolSession
}

const DEFAULT_TYPE_DELAY_MS = 10

/**
 * Runs one action. A failure throws a TargetError (AGENTPROBE_ACTION_FAILED) with the action in its
 * context, secret text masked; an abort rejects with the signal's reason.
 */
export async function performXdotool(action: Action, { display, typeDelayMs = DEFAULT_TYPE_DELAY_MS, signal, keymap, session }: XdotoolOptions): Promise<void> {
  signal?.throwIfAborted()
  let plan: InputPlan
  try {
    plan = planAction(action, { typeDelayMs })
  } catch (error) {
    throw actionFailed(action, display, errorMessage(error), { cause: error })
  }
  if (plan.tool === 'sleep') {
    // the timer only rejects on abort: rethrow the signal's own reason
    await sleep(plan.ms, undefined, { signal }).catch(() => signal?.throwIfAborted())
    return
  }
  try {
    if (plan.stdin === undefined && session && XdotoolSession.fits(plan.args)) return await session.run(plan.args, signal)
    if (plan.stdin) await keymap?.bind(plan.stdin, signal)
    await execa('xdotool', plan.args, {
      env: { DISPLAY: display },
      input: plan.stdin ?? '',
      cancelSignal: signal,
    })
  } catch (error) {
    signal?.throwIfAborted()
    const { exitCode } = error as { exitCode?: unknown }
    throw actionFailed(action, display, failureReason(error), { cause: error, command: `xdotool ${plan.args.join(' ')}`, exitCode })
  }
}

function actionFailed(action: Action, display: string, reason: string, extra: { cause: unknown; command?: string; exitCode?: unknown }): TargetError {
  const { cause, ...facts } = extra
  return new TargetError(`xdotool could not ${describeAction(action)} on display ${display}: ${reason}`, {
    code: 'AGENTPROBE_ACTION_FAILED',
    cause,
    context: { action: redactAction(action), display, ...facts },
  })
}
