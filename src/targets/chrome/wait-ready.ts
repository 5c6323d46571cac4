// "Extension ready": DevTools answers and the extension's service worker is listed. The worker
// runs on install, and a fresh profile always installs, so it is there at every start.
import CDP from 'chrome-remote-interface'
import { TargetError } from '../../core/errors.ts'
import type { ExtensionDir } from './extension-dir.ts'
import { describeTargets, type TargetInfo } from './match-target.ts'
import { pollUntil, type PollOptions } from './poll.ts'

/** Polls /json/list on 127.0.0.1:`port` until it answers and, with an extension, lists its worker. */
export async function waitUntilReady(port: number, extension: ExtensionDir | undefined, options: PollOptions): Promise<void> {
  const workerUrl = extension?.serviceWorker === undefined ? undefined : `chrome-extension://${extension.id}/${extension.serviceWorker}`
  let seen: TargetInfo[] = []
  await pollUntil(
    async () => {
      const list = await CDP.List({ host: '127.0.0.1', port }).catch(() => undefined)
      if (list === undefined) return undefined
      seen = list.map(({ id, type, url, title }) => ({ id, type, url, title }))
      return workerUrl === undefined || seen.some((t) => t.type === 'service_worker' && t.url === workerUrl) ? true : undefined
    },
    () =>
      new TargetError(
        `the extension's service worker ${workerUrl} was not listed within ${options.timeout} ms; ` +
          `targets seen:\n${describeTargets(seen)}`,
      ),
    options,
  )
}
