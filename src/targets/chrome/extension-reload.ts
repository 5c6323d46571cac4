// Reloading an unpacked extension in place (after a rebuild, and in every reset) without
// restarting Chromium, for any manifest: with a service worker or without one.
import { ConfigError, TargetError, errorMessage } from '../../core/errors.ts'
import type { ChromeCalls, WaitOptions } from './chrome-calls.ts'
import { waitUntilGone } from './close-targets.ts'
import { loadExtensionDir, type ExtensionDir } from './extension-dir.ts'
import { reloadInPlace } from './extensions-page.ts'

/**
 * Bound on loading an extension, ms: its old pages gone and its new worker answering. A worker
 * starting is like a page loading (PAGE_LOAD_MS): on a loaded CI machine one took more than 4 s.
 */
export const EXTENSION_LOAD_MS = 15_000

/** The extension's targets: worker, popup, side panel, tabs, offscreen documents. */
export async function extensionTargets(chrome: ChromeCalls, extensionId: string) {
  return chrome.targets({ url: new RegExp(`^chrome-extension://${extensionId}/`) })
}

/**
 * Loads the extension again with `loadUnpacked` (reloadFromFolder for the folder it runs from,
 * Extensions.loadUnpacked for another) and resolves with the time taken once every target of the
 * old load is gone from the list and, when the manifest has a worker, the new worker answers.
 * `again`: when that worker does not answer, a second way to load it, given as long again (once,
 * on a loaded CI machine, the Reload button's route left the extension enabled with no worker).
 * chrome.runtime.reload() is no substitute: it runs in the extension's own worker, which may be
 * idle, slow or broken, and Chromium disables an extension that reloads itself quickly too often.
 * The reload fires onInstalled with reason 'update'.
 */
export async function reloadExtension(
  chrome: ChromeCalls,
  extension: ExtensionDir,
  loadUnpacked: () => Promise<unknown>,
  { timeout = EXTENSION_LOAD_MS, again }: { timeout?: number | undefined; again?: (() => Promise<unknown>) | undefined } = {},
): Promise<number> {
  const started = performance.now()
  const left = () => Math.max(0, timeout - (performance.now() - started))
  const old = await extensionTargets(chrome, extension.id)
  await loadUnpacked()
  await waitUntilGone(chrome, old, left())
  if (extension.serviceWorker !== undefined) {
    const worker = { type: 'service_worker', url: `chrome-extension://${extension.id}/` }
    // A new worker that hangs (an endless loop in its script) would pass a "listed" check: ask it.
    const answers = (ms: number) =>
      chrome.evaluate(worker, 'true', { timeout: ms }).catch((error: unknown) => {
        throw new TargetError(`the service worker ${extension.serviceWorker} did not answer within ${timeout} ms after the reload: ${errorMessage(error)}`, { cause: error })
      })
    try {
      await answers(left())
    } catch (error) {
      if (again === undefined) throw error
      await again()
      await answers(timeout)
    }
  }
  return performance.now() - started
}

/**
 * Reloads the extension from the folder it runs from: the Reload button's route (reloadInPlace),
 * with `loadUnpacked` (Extensions.loadUnpacked of that folder) where that route cannot reload it
 * or leaves no worker answering.
 */
export function reloadFromFolder(chrome: ChromeCalls, extension: ExtensionDir, loadUnpacked: () => Promise<unknown>, { timeout = EXTENSION_LOAD_MS, signal }: WaitOptions = {}): Promise<number> {
  return reloadExtension(chrome, extension, reloadInPlace(chrome, extension.id, loadUnpacked, { timeout, signal }), { timeout, again: loadUnpacked })
}

/**
 * The fixture's reload, from wherever the test runs: the extension's folder as the browser lists
 * it (Extensions.getExtensions), reloaded over the DevTools pipe as after a rebuild.
 */
export async function reloadLoadedExtension(chrome: ChromeCalls, { timeout = EXTENSION_LOAD_MS, signal }: WaitOptions = {}): Promise<{ ms: number }> {
  const id = chrome.extensionId
  if (id === undefined) throw new ConfigError('reloadExtension() needs an extension, but none was loaded')
  const { extensions } = await chrome.pipe<{ extensions: { id: string; path: string }[] }>('Extensions.getExtensions', {}, { signal })
  const loaded = extensions.find((e) => e.id === id)
  if (loaded === undefined) throw new TargetError(`reloadExtension(): the browser no longer lists the extension ${id} (loaded: ${extensions.map((e) => e.id).join(', ') || 'none'})`)
  const dir = await loadExtensionDir(loaded.path)
  const load = () => chrome.pipe('Extensions.loadUnpacked', { path: loaded.path }, { timeout, signal })
  const ms = await reloadFromFolder(chrome, dir, load, { timeout, signal })
  return { ms: Math.round(ms) }
}
