// Reloading an unpacked extension in place (after a rebuild) and resetting a reused browser to a
// fresh state between test files, without restarting Chromium.
import { TargetError } from '../../core/errors.ts'
import type { ChromeHelpers } from './cdp.ts'

const WORKER = { type: 'service_worker' } as const

/**
 * Reloads the extension from disk in place (Extensions.loadUnpacked over the DevTools pipe; its
 * pages close, its worker restarts), and resolves with the time taken once the new worker runs.
 * chrome.runtime.reload() is no substitute: it unloads a --load-extension extension for good.
 */
export async function reloadExtension(
  chrome: ChromeHelpers,
  loadUnpacked: () => Promise<unknown>,
  { timeout = 5000 }: { timeout?: number } = {},
): Promise<number> {
  const started = performance.now()
  const id = chrome.extensionId
  if (id === undefined) throw new TargetError('reloadExtension: no extension is loaded in this browser')
  const worker = { ...WORKER, url: `chrome-extension://${id}/` }
  // A mark in the old worker's global scope tells it from the new one (same URL, maybe same target id).
  await chrome.evaluate(worker, 'globalThis.__agentprobeOld = true', { timeout })
  await loadUnpacked()
  const deadline = performance.now() + timeout
  for (;;) {
    // Short tries: a call that lands on the dying worker would otherwise wait out the whole timeout.
    const old = await chrome.evaluate(worker, 'globalThis.__agentprobeOld === true', { timeout: 300 }).catch(() => true)
    if (!old) break
    if (performance.now() > deadline) throw new TargetError(`the extension ${id} did not come back within ${timeout} ms after a reload`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return performance.now() - started
}

/**
 * A fresh state for the next test file: extension storage cleared and the extension reloaded (its
 * pages close, its worker restarts), every tab but one closed, and that one on `url`.
 */
export async function resetBrowserState(
  chrome: ChromeHelpers,
  loadUnpacked: () => Promise<unknown>,
  { url = 'about:blank' }: { url?: string } = {},
): Promise<number> {
  const started = performance.now()
  if (chrome.extensionId !== undefined) {
    const worker = { ...WORKER, url: `chrome-extension://${chrome.extensionId}/` }
    await chrome.evaluate(worker, 'Promise.all([chrome.storage.local.clear(), chrome.storage.session?.clear(), chrome.storage.sync?.clear()]).then(() => true)')
    await reloadExtension(chrome, loadUnpacked)
  }
  const pages = await chrome.targets({ type: 'page' })
  const tab = pages.find((p) => !p.url.startsWith('chrome-extension://'))
  // Closing the last tab would close the window: open the fresh one first when there is none.
  const keep = tab ?? (await chrome.openPage(url))
  await Promise.all(pages.filter((p) => p.id !== keep.id).map((p) => chrome.closeTarget(p.id).catch(() => undefined)))
  if (tab) await chrome.navigate(tab.id, url)
  return performance.now() - started
}
