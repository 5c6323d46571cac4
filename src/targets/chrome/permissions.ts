// What the extension holds of its optional permissions, and a test's start state: granted or
// revoked without the test clicking Chrome's prompt. Revoking needs no prompt (chrome.permissions.remove);
// granting does, the first time in a profile, so the prompt is raised and answered with real keys.
import { TargetError } from '../../core/errors.ts'
import type { WaitOptions } from './chrome-calls.ts'
import { inExtensionTab, type ExtensionTabs } from './extension-context.ts'

export interface PermissionSet {
  permissions: string[]
  origins: string[]
}

export type PermissionRequest = Partial<PermissionSet>

/** Answers Chrome's open permission prompt (Allow) with real input on the browser's display. */
export type AllowPrompt = () => Promise<void>

/**
 * How long a request may take to answer before a prompt is assumed: a permission without a warning,
 * or one granted before in this profile (Chrome remembers it after a revoke), resolves at once. On a
 * loaded machine the prompt may still be opening then, and Deny holds its focus first: a key that
 * lands in that moment answers Deny, so the request is made once more, waiting longer.
 */
const PROMPT_SHOWN_MS = [700, 2500]
/** How long Chrome may take to settle the request once Allow is pressed. */
const ANSWERED_MS = 2000

/** The API permissions and host origins granted now (chrome.permissions.getAll), sorted. */
export async function grantedPermissions(chrome: ExtensionTabs, options: WaitOptions = {}): Promise<PermissionSet> {
  const all = await inExtensionTab(chrome, 'permissions', (tab) => chrome.evaluate<PermissionSet>(tab, 'chrome.permissions.getAll()', options), options)
  return { permissions: [...(all.permissions ?? [])].sort(), origins: [...(all.origins ?? [])].sort() }
}

/** Removes optional permissions or origins, as the extension itself would (no prompt). */
export async function revokePermissions(chrome: ExtensionTabs, request: PermissionRequest, options: WaitOptions = {}): Promise<void> {
  const asked = JSON.stringify(request)
  const removed = await inExtensionTab(chrome, 'revokePermissions', (tab) => chrome.evaluate<string>(tab, `chrome.permissions.remove(${asked}).then(String, (error) => 'threw: ' + error.message)`, options), options)
  if (removed !== 'true') throw new TargetError(`chrome.revokePermissions(${asked}): ${refusal(removed)}`)
}

/** Revokes whatever optional permissions and origins the manifest lists and the extension holds now (for the reset between files). */
export async function revokeOptionalPermissions(chrome: ExtensionTabs, options: WaitOptions = {}): Promise<PermissionSet> {
  const revoke = `(async () => {
    const manifest = chrome.runtime.getManifest()
    const held = await chrome.permissions.getAll()
    const permissions = (held.permissions ?? []).filter((p) => (manifest.optional_permissions ?? []).includes(p))
    const origins = (held.origins ?? []).filter((o) => (manifest.optional_host_permissions ?? []).includes(o))
    if (permissions.length + origins.length > 0) await chrome.permissions.remove({ permissions, origins })
    return { permissions, origins }
  })()`
  return inExtensionTab(chrome, 'revokePermissions', (tab) => chrome.evaluate<PermissionSet>(tab, revoke, options), options)
}

export interface Granted {
  /** False when Chrome granted without a prompt: no warning to show, or granted before in this profile. */
  prompted: boolean
}

/**
 * Requests optional permissions from a user gesture in the extension, and when Chrome raises its
 * prompt, answers Allow with `allow`. Resolves once chrome.permissions.contains() agrees.
 */
export async function grantPermissions(chrome: ExtensionTabs, request: PermissionRequest, allow: AllowPrompt, { timeout = 5000, signal }: WaitOptions = {}): Promise<Granted> {
  const asked = JSON.stringify(request)
  return inExtensionTab(chrome, 'grantPermissions', async (tab) => {
    const ask = async (shownMs: number) => {
      const start = `(globalThis.granted = chrome.permissions.request(${asked}).then(String, (error) => 'threw: ' + error.message), true)`
      await chrome.evaluate(tab, start, { timeout, signal, userGesture: true })
      // The request's outcome, or undefined when it has not settled within `ms`.
      const answer = (ms: number) => chrome.evaluate<string | undefined>(tab, `Promise.race([globalThis.granted, new Promise((resolve) => setTimeout(resolve, ${ms}))])`, { signal })
      let result = await answer(shownMs)
      const prompted = result === undefined
      // Keys that arrive before the prompt holds the focus go to the page: one more try answers it.
      for (let attempt = 0; result === undefined && attempt < 2; attempt++) {
        await allow()
        result = await answer(ANSWERED_MS)
      }
      return { result, prompted }
    }
    let asking = await ask(PROMPT_SHOWN_MS[0]!)
    if (asking.result === 'false' && asking.prompted) asking = await ask(PROMPT_SHOWN_MS[1]!)
    const { result, prompted } = asking
    if (result === undefined) {
      throw new TargetError(`chrome.grantPermissions(${asked}): Chrome's prompt was answered Allow (Tab, Return) twice and the request is still pending: the prompt never had the keyboard focus, or another dialog is in front of it`)
    }
    if (result === 'false' && prompted) throw new TargetError(`chrome.grantPermissions(${asked}): the prompt was answered Deny twice: a key reached it while it was still opening (its Deny button holds the focus first), even ${PROMPT_SHOWN_MS[1]} ms after the request`)
    if (result !== 'true') throw new TargetError(`chrome.grantPermissions(${asked}): ${refusal(result)}`)
    const holds = await chrome.evaluate<boolean>(tab, `chrome.permissions.contains(${asked})`, { signal })
    if (!holds) throw new TargetError(`chrome.grantPermissions(${asked}): the request resolved true, but chrome.permissions.contains() says they are not held`)
    return { prompted }
  }, { timeout, signal })
}

// The promise's outcome as the page reported it: 'false', or 'threw: <Chrome's message>'.
function refusal(outcome: string): string {
  return outcome.startsWith('threw: ') ? `Chrome refused: ${outcome.slice('threw: '.length)}` : `Chrome answered ${outcome}`
}
