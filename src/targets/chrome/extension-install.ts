// Installing and uninstalling unpacked extensions in a running Chromium, over the DevTools pipe,
// each action pinned as a launch pins the build's: what release-day tests and a switch to another
// extension between test files both need.
import { TargetError, errorMessage } from '../../core/errors.ts'
import type { ChromeCalls, WaitOptions } from './chrome-calls.ts'
import { inBackgroundTab, type ExtensionTabs } from './extension-context.ts'
import { waitUntilGone } from './close-targets.ts'
import type { ExtensionDir } from './extension-dir.ts'
import { extensionTargets, reloadExtension } from './extension-reload.ts'
import { evaluateInExtensionsPage } from './extensions-page.ts'

/** One entry of Extensions.getExtensions. */
export interface InstalledExtension {
  id: string
  version: string
  path: string
}

export async function installedExtensions(chrome: ChromeCalls): Promise<InstalledExtension[]> {
  return (await chrome.pipe<{ extensions: InstalledExtension[] }>('Extensions.getExtensions')).extensions
}

/** Loads `dir` (its worker answering, when it has one) and pins its action. */
export async function installExtension(chrome: ExtensionTabs, dir: ExtensionDir, options: WaitOptions): Promise<void> {
  await reloadExtension(chrome, dir, () => chrome.pipe('Extensions.loadUnpacked', { path: dir.path }, { signal: options.signal }), { timeout: options.timeout })
  await pinToToolbar(chrome, dir.id, options)
}

/** Uninstalls `extensions` and resolves once their pages are gone from the target list. */
export async function uninstallAll(chrome: ChromeCalls, extensions: readonly InstalledExtension[], timeout: number, signal?: AbortSignal): Promise<void> {
  const pages = (await Promise.all(extensions.map((e) => extensionTargets(chrome, e.id)))).flat()
  for (const extension of extensions) await uninstall(chrome, extension, signal)
  await waitUntilGone(chrome, pages, timeout)
}

/**
 * Chromium refuses to uninstall an extension it took from --load-extension ("not an unpacked
 * extension"); loaded again from the same folder over the pipe, it is an unpacked one it removes.
 */
async function uninstall(chrome: ChromeCalls, extension: InstalledExtension, signal?: AbortSignal): Promise<void> {
  const call = () => chrome.pipe('Extensions.uninstall', { id: extension.id }, { signal })
  await call().catch(async (error: unknown) => {
    if (!/not an unpacked extension/.test(errorMessage(error))) throw error
    await chrome.pipe('Extensions.loadUnpacked', { path: extension.path }, { signal })
    await call()
  })
}

/**
 * Pins the action as the launch pinned the build's: an uninstall takes an extension off the
 * toolbar, and a profile's pins name only extensions installed when the browser starts. The
 * switch is the one on chrome://extensions, asked in the hidden page of that origin the reloads
 * run from (extensions-page.ts). A Chromium where that page cannot serve gets the app's page.
 */
export async function pinToToolbar(chrome: ExtensionTabs, id: string, options: WaitOptions): Promise<void> {
  const pin = `(async () => {
    if (chrome.developerPrivate === undefined) return false
    const { pinnedToToolbar } = await chrome.developerPrivate.getExtensionInfo(${JSON.stringify(id)})
    if (pinnedToToolbar === false) await chrome.developerPrivate.updateExtensionConfiguration({ extensionId: ${JSON.stringify(id)}, pinnedToToolbar: true })
    return true
  })()`
  if (await evaluateInExtensionsPage<boolean>(chrome, pin, options).catch(() => false)) return
  const pinned = await inBackgroundTab(chrome, 'chrome://extensions', (tab) => chrome.evaluate<boolean>(tab, pin, options), options)
  if (!pinned) throw new TargetError('chrome://extensions offers no chrome.developerPrivate to pin the extension with')
}
