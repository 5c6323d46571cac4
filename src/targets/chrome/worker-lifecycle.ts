// The extension's MV3 service worker as Chrome runs it: stopped the way Chrome stops an idle worker
// (ServiceWorker.stopWorker ends the running version, as the idle timeout does; nothing is
// reloaded or unregistered), so the next event (a message, an alarm, a click on the icon) starts
// it again with its globals gone. The ServiceWorker domain answers through any page's session:
// the extension shares the profile's storage partition.
import { ConfigError, TargetError } from '../../core/errors.ts'
import type { ChromeCalls, TargetSession, WaitOptions } from './chrome-calls.ts'
import { pollUntil } from './poll.ts'

/** Whether the extension's worker runs now; 'none' when the extension registered no worker. */
export type WorkerState = 'running' | 'starting' | 'stopping' | 'stopped' | 'none'

interface Registration {
  registrationId: string
  scopeURL: string
  isDeleted: boolean
}

interface Version {
  versionId: string
  registrationId: string
  runningStatus: Exclude<WorkerState, 'none'>
  status: string
}

interface WorkerView {
  /** The extension's live versions (not redundant), as last reported. */
  versions(): Version[]
  until(what: string, done: () => boolean): Promise<void>
  session: TargetSession
}

// Busiest first: one running version makes the worker running.
const ORDER: WorkerState[] = ['running', 'starting', 'stopping', 'stopped']

/** The state of the extension's service worker, read from Chrome's own registration. */
export function serviceWorkerState(chrome: ChromeCalls, options: WaitOptions = {}): Promise<WorkerState> {
  return withWorkers(chrome, 'serviceWorkerState()', async (view) => stateOf(view.versions()), options)
}

/** Stops the extension's running service worker as Chrome does when it is idle; resolves once it is stopped and unlisted. */
export async function stopServiceWorker(chrome: ChromeCalls, options: WaitOptions = {}): Promise<{ ms: number }> {
  const started = performance.now()
  const id = chrome.extensionId
  await withWorkers(
    chrome,
    'stopServiceWorker()',
    async (view) => {
      if (view.versions().length === 0) throw new ConfigError(`stopServiceWorker(): the extension ${id} has no service worker (its manifest declares no background.service_worker, or the script failed to register)`)
      // A version still starting cannot be stopped cleanly: let it start first.
      await view.until('finished starting', () => view.versions().every((v) => v.runningStatus !== 'starting'))
      for (const version of view.versions().filter((v) => v.runningStatus === 'running')) {
        await view.session.send('ServiceWorker.stopWorker', { versionId: version.versionId })
      }
      await view.until('stopped', () => stateOf(view.versions()) === 'stopped')
    },
    options,
  )
  // evaluate() and waitForTarget() read the target list: it must not still show the old worker.
  const left = Math.max(0, (options.timeout ?? 5000) - (performance.now() - started))
  const worker = { type: 'service_worker', url: new RegExp(`^chrome-extension://${id}/`) }
  await pollUntil(
    async () => ((await chrome.targets(worker)).length === 0 ? true : undefined),
    () => new TargetError(`stopServiceWorker(): the worker of ${id} stopped but was still listed as a target after ${options.timeout ?? 5000} ms`),
    { timeout: left, signal: options.signal },
  )
  return { ms: Math.round(performance.now() - started) }
}

function stateOf(versions: Version[]): WorkerState {
  return ORDER.find((state) => versions.some((v) => v.runningStatus === state)) ?? 'none'
}

// Enables the ServiceWorker domain on a page's session and keeps what it reports: on enable it
// reports every registration and version (empty lists when there are none), then each change.
async function withWorkers<T>(chrome: ChromeCalls, step: string, run: (view: WorkerView) => Promise<T>, { timeout = 5000, signal }: WaitOptions): Promise<T> {
  const id = chrome.extensionId
  if (id === undefined) throw new ConfigError(`${step} needs an extension, but none was loaded`)
  const scope = `chrome-extension://${id}/`
  // A tab of the extension's own (a popup above all) may close under the session: another page first.
  const pages = await chrome.targets({ type: 'page' })
  const page = pages.find((p) => !p.url.startsWith(scope)) ?? pages[0]
  if (page === undefined) throw new TargetError(`${step} reaches the ServiceWorker domain through an open page, and the browser has none`)
  const deadline = performance.now() + timeout
  return chrome.session(
    page.id,
    async (session) => {
      const registrations = new Map<string, Registration>()
      const versions = new Map<string, Version>()
      const reported = { registrations: false, versions: false }
      const unsubscribe = [
        session.on('ServiceWorker.workerRegistrationUpdated', (params) => {
          for (const r of (params as { registrations: Registration[] }).registrations) registrations.set(r.registrationId, r)
          reported.registrations = true
        }),
        session.on('ServiceWorker.workerVersionUpdated', (params) => {
          for (const v of (params as { versions: Version[] }).versions) versions.set(v.versionId, v)
          reported.versions = true
        }),
      ]
      const ours = (v: Version) => {
        const registration = registrations.get(v.registrationId)
        return registration?.scopeURL === scope && !registration.isDeleted && v.status !== 'redundant'
      }
      const view: WorkerView = {
        versions: () => [...versions.values()].filter(ours),
        until: (what, done) =>
          pollUntil(
            async () => (done() ? true : undefined),
            () => new TargetError(`${step}: the service worker of ${id} was not ${what} within ${timeout} ms (it is ${stateOf(view.versions())})`),
            { timeout: Math.max(0, deadline - performance.now()), interval: 10, signal },
          ).then(() => undefined),
        session,
      }
      try {
        await session.send('ServiceWorker.enable')
        await view.until('reported by Chrome', () => reported.registrations && reported.versions)
        return await run(view)
      } finally {
        for (const off of unsubscribe) off()
      }
    },
    { timeout: timeout + 1000, signal },
  )
}
