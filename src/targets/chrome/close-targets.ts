// Closing a target is asked, not done: Target.closeTarget answers before the browser drops the
// target from its list (a popup was seen listed after it), so callers wait on the list itself.
import { TargetError } from '../../core/errors.ts'
import type { ChromeCalls } from './chrome-calls.ts'
import { describeTargets, type TargetInfo } from './match-target.ts'
import { pollUntil } from './poll.ts'

/** Resolves once none of `targets` is listed any more; a TargetError naming the ones left at `timeout`. */
export async function waitUntilGone(chrome: Pick<ChromeCalls, 'targets' | 'signal'>, targets: readonly Pick<TargetInfo, 'id'>[], timeout: number): Promise<void> {
  const ids = new Set(targets.map((t) => t.id))
  let left: TargetInfo[] = []
  await pollUntil(
    async () => {
      left = (await chrome.targets()).filter((t) => ids.has(t.id))
      return left.length === 0 ? true : undefined
    },
    () => new TargetError(`these targets were still listed ${timeout} ms after they were closed:\n${describeTargets(left)}`),
    { timeout, interval: 25, signal: chrome.signal },
  )
}

/** Closes `targets` and waits until they are gone from the target list. */
export async function closeTargets(chrome: Pick<ChromeCalls, 'targets' | 'signal'> & { closeTarget(targetId: string, options: { timeout: number }): Promise<void> }, targets: readonly TargetInfo[], timeout: number): Promise<void> {
  // One already gone (closed with its window, or by the extension) answers with an error: the list decides.
  await Promise.all(targets.map((t) => chrome.closeTarget(t.id, { timeout }).catch(() => undefined)))
  await waitUntilGone(chrome, targets, timeout)
}
