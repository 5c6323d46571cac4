// The hidden chrome://extensions page where chrome.developerPrivate runs, one per browser, kept
// open: the Reload button's reload of an unpacked extension, and the toolbar pin.
//
// The reload unloads the old build before it reads the new one, so the old worker's registration
// is gone by the time the new one registers. Extensions.loadUnpacked over a loaded extension swaps
// the two in one step instead, and Chromium then holds the new registration back for a 250 ms
// (±10%) retry while the old one is removed (ServiceWorkerTaskQueue). Measured on 156: the new
// worker answers after 140-170 ms, against 315-340.
import { sleep } from '../../core/abort.ts'
import { TargetError } from '../../core/errors.ts'
import type { ChromeCalls, WaitOptions } from './chrome-calls.ts'

/**
 * The page: in no tab strip and no window, and left out of ChromeHelpers.targets(). A small file
 * of the chrome://extensions WebUI rather than its app: the API is bound there all the same, and
 * opening it took ~0.2 CPU-s against the app's ~0.9 (measured).
 */
export const EXTENSIONS_PAGE_URL = 'chrome://extensions/strings.m.js'

/** Whether a listed target is that page (hidden targets are listed with type 'other'). */
export function isExtensionsPage(target: { type: string; url: string }): boolean {
  return target.type === 'other' && target.url === EXTENSIONS_PAGE_URL
}

const READY = `typeof chrome.developerPrivate === 'object' ? 'ready' : location.protocol === 'chrome-error:' ? 'error' : 'loading'`

/** Runs in the page: the reload, then the state it left the extension in. */
const press = (id: string) => `(async (api) => {
  const failed = await api.reload(${JSON.stringify(id)}, { failQuietly: true, populateErrorForUnpacked: true })
  return failed ? { error: failed.error } : { state: (await api.getExtensionInfo(${JSON.stringify(id)})).state }
})(chrome.developerPrivate)`

/**
 * A reload of the extension `extensionId` from the folder it was loaded from: the Reload button's
 * path, or `loadUnpacked` where that path is not there or does not end with the extension enabled
 * (a Chromium without hidden targets, a build that fails to load: loadUnpacked then says why).
 */
export function reloadInPlace(chrome: ChromeCalls, extensionId: string, loadUnpacked: () => Promise<unknown>, options: WaitOptions = {}): () => Promise<unknown> {
  return () => pressReload(chrome, extensionId, options).catch(() => loadUnpacked())
}

/** Reloads the extension through developerPrivate.reload; a TargetError when it does not end enabled. */
export async function pressReload(chrome: ChromeCalls, extensionId: string, options: WaitOptions = {}): Promise<void> {
  const outcome = await evaluateInExtensionsPage<{ error?: string; state?: string }>(chrome, press(extensionId), options)
  if (outcome?.error !== undefined) throw new TargetError(`the extension ${extensionId} failed to reload: ${outcome.error}`)
  if (outcome?.state !== 'ENABLED') throw new TargetError(`the extension ${extensionId} is ${outcome?.state ?? 'unknown'} after its reload`)
}

/** Runs `expression` (chrome.developerPrivate in reach) in the page, opened first when it is not. */
export async function evaluateInExtensionsPage<T>(chrome: ChromeCalls, expression: string, { timeout = 5000, signal }: WaitOptions = {}): Promise<T | undefined> {
  const page = await extensionsPage(chrome, { timeout, signal })
  return chrome.session(
    page,
    async (session) => {
      const evaluate = async <V>(code: string): Promise<V | undefined> => {
        const { result } = await session.send<{ result: { value?: V } }>('Runtime.evaluate', { expression: code, awaitPromise: true, returnByValue: true })
        return result.value
      }
      // (a page just opened still runs about:blank until its document has committed)
      for (;;) {
        const state = await evaluate<string>(READY)
        if (state === 'ready') break
        if (state === 'error') throw unservable(chrome, page, `${EXTENSIONS_PAGE_URL} did not load: this Chromium has no such file`)
        await sleep(20, signal)
      }
      return evaluate<T>(expression)
    },
    { timeout, signal },
  )
}

/**
 * Opens the page ahead of the first reload, which then takes ~0.15 s less (watch mode's first
 * rerun after a launch); a page that cannot serve is left to that reload to find and say.
 */
export async function openExtensionsPage(chrome: ChromeCalls, options: WaitOptions = {}): Promise<void> {
  await extensionsPage(chrome, options).catch(() => undefined)
}

/** The open page's target ID, opening it when no process has yet (once, when asked twice at once). */
async function extensionsPage(chrome: ChromeCalls, options: WaitOptions): Promise<string> {
  const unusable = withoutExtensionsPage.get(chrome)
  if (unusable !== undefined) throw new TargetError(unusable)
  const open = (await listedTargets(chrome, options)).find(isExtensionsPage)
  if (open !== undefined) return open.targetId
  let opened = opening.get(chrome)
  if (opened === undefined) {
    opened = createExtensionsPage(chrome, options).finally(() => opening.delete(chrome))
    opening.set(chrome, opened)
  }
  return opened
}

const opening = new WeakMap<ChromeCalls, Promise<string>>()

async function createExtensionsPage(chrome: ChromeCalls, options: WaitOptions): Promise<string> {
  const { targetId } = await chrome.pipe<{ targetId: string }>('Target.createTarget', { url: EXTENSIONS_PAGE_URL, background: true, hidden: true }, options)
  // A Chromium that does not know `hidden` opens a background tab, listed as a page: not on the agent's screen.
  const type = (await listedTargets(chrome, options)).find((t) => t.targetId === targetId)?.type
  if (type !== 'other') throw unservable(chrome, targetId, `this Chromium opened ${EXTENSIONS_PAGE_URL} as a ${type ?? 'missing'} target, not a hidden one`)
  return targetId
}

async function listedTargets(chrome: ChromeCalls, options: WaitOptions) {
  return (await chrome.pipe<{ targetInfos: { targetId: string; type: string; url: string }[] }>('Target.getTargets', {}, options)).targetInfos
}

// Why the page cannot serve in a browser (as one ChromeCalls reaches it): asked once, then every reload goes through the pipe.
const withoutExtensionsPage = new WeakMap<ChromeCalls, string>()

/** Closes the page that cannot serve and remembers why; the error to throw. */
function unservable(chrome: ChromeCalls, targetId: string, why: string): TargetError {
  withoutExtensionsPage.set(chrome, why)
  void chrome.pipe('Target.closeTarget', { targetId }).catch(() => undefined)
  return new TargetError(why)
}
