// The programmatic twin of a click on the extension's toolbar icon: CDP Extensions.triggerAction
// runs the action (its popup, or action.onClicked) without pixels, so a pixel run that fails can
// be told apart from an extension whose action itself does nothing.
import { sleep } from '../../core/abort.ts'
import { ConfigError, TargetError } from '../../core/errors.ts'
import type { ChromeCalls } from './chrome-calls.ts'
import type { TargetInfo } from './match-target.ts'

export interface TriggerActionOptions {
  /** How long to watch for what the action opens, ms (default 2000). */
  timeout?: number
  signal?: AbortSignal
}

export interface TriggeredAction {
  /** The pages that appeared after the action ran (a popup, a tab, a side panel), in the order seen. */
  opened: TargetInfo[]
  /** From the call until the first of them was listed (or the whole watch, when none was). */
  ms: number
}

interface TabTarget {
  targetId: string
  embedderData?: { tabActive?: boolean }
}

// Only pages count as opened: a worker the action woke, or Chrome's own UI, is no outcome a user sees.
const OUTCOME = new Set(['page', 'other', 'iframe'])

/** Runs the extension's action on the active tab, as a click on its icon would, and reports what it opened. */
export async function triggerAction(chrome: ChromeCalls, { timeout = 2000, signal }: TriggerActionOptions = {}): Promise<TriggeredAction> {
  const id = chrome.extensionId
  if (id === undefined) throw new ConfigError('triggerAction() needs an extension, but none was loaded')
  const listed = await chrome.targets()
  const before = new Set(listed.map((t) => t.id))
  // A worker is listed before its script has run, and Chrome drops an onClicked that comes before
  // its listener (measured: the first triggerAction right after launch did nothing). A running
  // worker is asked to answer first; a stopped one is left stopped, for the action to wake.
  const worker = { type: 'service_worker', url: `chrome-extension://${id}/` }
  if (listed.some((t) => t.type === worker.type && t.url.startsWith(worker.url))) await chrome.evaluate(worker, 'true', { timeout, signal })
  // The action runs on a target of type 'tab' (a page's id is refused), which only a filter lists.
  const { targetInfos } = await chrome.pipe<{ targetInfos: TabTarget[] }>('Target.getTargets', { filter: [{ type: 'tab' }] }, { signal })
  const tab = targetInfos.find((t) => t.embedderData?.tabActive === true) ?? targetInfos[0]
  if (tab === undefined) throw new TargetError('triggerAction(): the browser has no tab to run the action on')
  const started = performance.now()
  await chrome.pipe('Extensions.triggerAction', { id, targetId: tab.targetId }, { signal })
  let firstMs: number | undefined
  for (;;) {
    const opened = (await chrome.targets()).filter((t) => !before.has(t.id) && OUTCOME.has(t.type))
    const ms = performance.now() - started
    if (opened.length > 0) firstMs ??= ms
    // (a page is listed a moment before it knows its URL: on a loaded machine the popup was seen as '')
    if ((opened.length > 0 && opened.every((t) => t.url !== '')) || ms >= timeout) return { opened, ms: Math.round(firstMs ?? ms) }
    await sleep(25, signal)
  }
}
