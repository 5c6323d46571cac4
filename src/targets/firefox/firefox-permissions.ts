// The add-on's permissions on Firefox, with the meaning chrome.permissions(), grantPermissions and
// revokePermissions have on Chromium. Reading and removing need no prompt. Granting does, and
// Firefox takes a request only from a real user input handler (measured on ESR 153: a BiDi
// script.evaluate with userActivation is refused, "permissions.request may only be called from a
// user input handler"), so the request is made by a real X11 click on a button put in a tab of
// the add-on, and the doorhanger it raises is answered Allow with another real click.
import { TargetError } from '../../core/errors.ts'
import type { WaitOptions } from '../chrome/chrome-calls.ts'
import type { Granted, PermissionRequest, PermissionSet } from '../chrome/permissions.ts'
import { pollUntil } from '../chrome/poll.ts'
import { performXdotool } from '../x11/xdotool.ts'
import type { AddonAccess } from './addon-access.ts'
import { clickAllow, openDoorhanger } from './permission-doorhanger.ts'
import { armGesture, GESTURE_OUTCOME } from './user-gesture.ts'

/** How long Firefox may take to answer once Allow is clicked (measured: under 0.5 s). */
const ANSWERED_MS = 3000

/** The API permissions and host origins held now (permissions.getAll, its data_collection left out), sorted. */
export async function firefoxPermissions(addon: AddonAccess, options: WaitOptions = {}): Promise<PermissionSet> {
  const all = await addon.inAddonPage<Partial<PermissionSet>>('browser.permissions.getAll()', 'permissions()', options)
  return { permissions: [...(all.permissions ?? [])].sort(), origins: [...(all.origins ?? [])].sort() }
}

// permissions.remove, after the check Firefox does not make (measured: removing a permission the
// manifest never made optional resolves true there) and Chromium does.
const REMOVE = (asked: string) => `(() => {
  const optional = browser.runtime.getManifest().optional_permissions ?? []
  const stray = (${asked}.permissions ?? []).filter((name) => !optional.includes(name))
  if (stray.length > 0) return 'not optional: ' + stray.map((name) => "'" + name + "'").join(', ')
  return browser.permissions.remove(${asked}).then(String, (error) => 'threw: ' + error.message)
})()`

/** Removes optional permissions or origins, as the add-on itself would (no prompt). */
export async function firefoxRevokePermissions(addon: AddonAccess, request: PermissionRequest, options: WaitOptions = {}): Promise<void> {
  const asked = JSON.stringify(request)
  const removed = await addon.inAddonPage<string>(REMOVE(asked), 'revokePermissions()', options)
  if (removed.startsWith('not optional: ')) {
    const names = removed.slice('not optional: '.length)
    throw new TargetError(`chrome.revokePermissions(${asked}): ${names} is not in the manifest's optional_permissions (Firefox would answer true and remove nothing; Chromium refuses it)`)
  }
  if (removed !== 'true') throw new TargetError(`chrome.revokePermissions(${asked}): ${refusal(removed)}`)
}

// The request, made by a click on a button over the whole tab; its outcome kept as a string.
const REQUEST = (asked: string) => armGesture(`browser.permissions.request(${asked}).then(String, (error) => 'threw: ' + error.message)`)
// 'unclicked', 'pending', or the request's outcome ('true', 'false', 'threw: …').
const OUTCOME = `${GESTURE_OUTCOME} === undefined ? 'unclicked' : Promise.race([${GESTURE_OUTCOME}, new Promise((resolve) => setTimeout(() => resolve('pending'), 0))])`
// Runs in the browser window: the centre of the tab in front, in screen pixels.
const TAB_CENTRE = `() => {
  const r = gBrowser.selectedBrowser.getBoundingClientRect()
  return JSON.stringify({ x: Math.round(r.x + r.width / 2 + window.mozInnerScreenX), y: Math.round(r.y + r.height / 2 + window.mozInnerScreenY) })
}`

/**
 * Requests optional permissions from a real click in a tab of the add-on and, when Firefox raises
 * its doorhanger, clicks Allow. Resolves once permissions.contains() agrees.
 */
export async function firefoxGrantPermissions(addon: AddonAccess, display: string, request: PermissionRequest, { timeout = 10_000, signal }: WaitOptions = {}): Promise<Granted> {
  const asked = JSON.stringify(request)
  const fail = (why: string) => new TargetError(`chrome.grantPermissions(${asked}): ${why}`, { context: { request } })
  const poll = { interval: 50, signal: signal === undefined ? addon.signal : AbortSignal.any([addon.signal, signal]) }
  return addon.inFrontAddonTab(async (evaluate) => {
    await evaluate(REQUEST(asked))
    const centre = JSON.parse((await addon.window.run(TAB_CENTRE, [])) as string) as { x: number; y: number }
    await performXdotool({ type: 'click', ...centre, button: 'left' }, { display, ...(signal && { signal }) })
    // Settled at once (nothing to ask, or refused), or waiting on the doorhanger.
    const first = await pollUntil(
      async () => {
        const outcome = await evaluate<string>(OUTCOME)
        if (outcome === 'unclicked') return undefined
        if (outcome !== 'pending') return { outcome, prompted: false }
        const doorhanger = await openDoorhanger(addon.window)
        return doorhanger && { doorhanger, prompted: true }
      },
      () => fail(`within ${timeout} ms the request was neither answered nor shown in a doorhanger (when the page never saw the click, another window was in front of the tab)`),
      { timeout, ...poll },
    )
    let outcome = 'outcome' in first ? first.outcome : undefined
    for (let attempt = 0; outcome === undefined && attempt < 2; attempt++) {
      const doorhanger = await openDoorhanger(addon.window)
      if (doorhanger === undefined) break
      await clickAllow(addon.window, display, doorhanger, signal)
      outcome = await pollUntil(async () => {
        const now = await evaluate<string>(OUTCOME)
        return now === 'pending' ? undefined : now
      }, () => fail('still pending'), { timeout: ANSWERED_MS, ...poll }).catch(() => undefined)
    }
    if (outcome === undefined) throw fail("Firefox's doorhanger was clicked Allow twice and the request is still pending: another panel or window is in front of it")
    if (outcome === 'false') throw fail(first.prompted ? 'the doorhanger was answered Deny' : 'Firefox answered false without asking')
    if (outcome !== 'true') throw fail(refusal(outcome))
    if (!(await evaluate<boolean>(`browser.permissions.contains(${asked})`))) throw fail('the request resolved true, but permissions.contains() says they are not held')
    return { prompted: first.prompted }
  }, { timeout, ...(signal && { signal }) })
}

// The promise's outcome as the page reported it: 'false', or 'threw: <Firefox's message>'.
function refusal(outcome: string): string {
  return outcome.startsWith('threw: ') ? `Firefox refused: ${outcome.slice('threw: '.length)}` : `Firefox answered ${outcome}`
}
