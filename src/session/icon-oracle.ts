// The programmatic twin as an oracle: when agent.do fails after clicking the extension's toolbar
// icon and no page of the extension is open, Extensions.triggerAction runs the same action
// without pixels. If it opens the popup, the click was the problem (the icon not pinned, a missed
// hit target, no user gesture), not the extension; if it opens nothing, the action itself is.
import { clicksNear } from '../core/clicks-near.ts'
import type { Screen } from '../core/screen.ts'
import type { TraceRun } from '../core/trace.ts'
import type { Locator } from '../grounding/locate.ts'
import type { ChromeHelpers } from '../targets/chrome/cdp.ts'
import { closeTargets } from '../targets/chrome/close-targets.ts'
import type { TargetInfo } from '../targets/chrome/match-target.ts'

export interface IconOracleDeps {
  chrome: Pick<ChromeHelpers, 'extensionId' | 'signal' | 'targets' | 'triggerAction' | 'closeTarget'>
  screen: Pick<Screen, 'capture'>
  locator: Pick<Locator, 'locate'>
}

/** One line for the failure message, or undefined when no step clicked the icon or a page of the extension is open. */
export async function iconOracle(run: Pick<TraceRun, 'steps'>, { chrome, screen, locator }: IconOracleDeps): Promise<string | undefined> {
  const id = chrome.extensionId
  if (id === undefined) return undefined
  const slot = (await locator.locate(await screen.capture(), { toolbarSlot: true })).located
  if (slot === undefined) return undefined
  // Near counts: a click half an icon off is the hit-target problem the oracle is for.
  const clicks = clicksNear(run.steps, slot.box, Math.round(slot.box.height / 2))
  if (clicks.length === 0) return undefined
  const own = new RegExp(`^chrome-extension://${id}/`)
  if ((await chrome.targets({ type: 'page', url: own })).length > 0) return undefined
  const { opened, ms } = await chrome.triggerAction()
  // Leave the browser as the pixel run left it for whatever the test does next.
  await closeTargets(chrome, opened, 2000)
  const steps = clicks.map((c) => c.step).join(', ')
  const what = clicks.every((c) => c.changed === false) ? `the icon click (step ${steps}) did nothing on screen` : `the icon click (step ${steps}) left no page of the extension open`
  if (opened.length > 0) {
    return `${what}, but triggerAction opened ${opened.map((t) => shortUrl(t, own)).join(', ')} in ${ms} ms: a pinning, hit-target or gesture problem, not the extension's logic`
  }
  return `${what}, and triggerAction (the same action without pixels) opened no page either within ${ms} ms: the extension's action itself does nothing here (no popup, or an onClicked listener that is missing, registered too late, or opens no page), not the click`
}

function shortUrl(target: TargetInfo, own: RegExp): string {
  return target.url.replace(own, '')
}
