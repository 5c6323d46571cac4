// Chrome answers `chrome.permissions` and `chrome.commands` only inside the extension, and not every
// extension has a worker or a page to run them in. Its own manifest.json, opened as a page, is an
// extension document every extension has; a hidden page leaves the agent's screen (and an open
// popup) as it was: no tab in the strip, not even for a moment.
import { ConfigError } from '../../core/errors.ts'
import type { ChromeCalls, WaitOptions } from './chrome-calls.ts'
import { closeTargets } from './close-targets.ts'
import type { TargetFilter, TargetInfo } from './match-target.ts'

/** The fixture's calls these helpers use: evaluate, and opening and closing a tab. */
export interface ExtensionTabs extends ChromeCalls {
  openPage(url: string, options?: WaitOptions & { hidden?: boolean }): Promise<TargetInfo>
  closeTarget(targetId: string): Promise<void>
}

/** Runs `use` with a filter for a hidden page at chrome-extension://<id>/manifest.json, closed afterwards. */
export async function inExtensionTab<T>(chrome: ExtensionTabs, helper: string, use: (tab: TargetFilter) => Promise<T>, options: WaitOptions = {}): Promise<T> {
  if (chrome.extensionId === undefined) throw new ConfigError(`chrome.${helper}() needs an extension, but none was loaded`)
  return inBackgroundTab(chrome, `chrome-extension://${chrome.extensionId}/manifest.json`, use, options)
}

/** How long a closed helper page may stay listed, ms. */
const CLOSE_MS = 5000

/**
 * Runs `use` with a filter for a hidden page at `url`, closed afterwards whatever happens; on
 * success it returns once the page is gone from the target list (a test that lists pages next must
 * not see it), and a page still listed after CLOSE_MS is a TargetError naming it.
 */
export async function inBackgroundTab<T>(chrome: ExtensionTabs, url: string, use: (tab: TargetFilter) => Promise<T>, options: WaitOptions = {}): Promise<T> {
  const tab = await chrome.openPage(url, { ...options, hidden: true })
  let result: T
  try {
    result = await use({ type: tab.type, url: tab.url })
  } catch (error) {
    await closeTargets(chrome, [tab], CLOSE_MS).catch(() => undefined) // the error that matters is use's
    throw error
  }
  await closeTargets(chrome, [tab], CLOSE_MS)
  return result
}
