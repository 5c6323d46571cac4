// "Extension ready", for any manifest: DevTools answers, the browser lists the extension as loaded
// and enabled under the ID computed before launch (Extensions.getExtensions over the pipe), and,
// when the manifest declares a service worker, that worker is listed (it runs on install, and a
// fresh profile always installs). An extension without a worker is ready once it is loaded.
import CDP from 'chrome-remote-interface'
import { TargetError } from '../../core/errors.ts'
import type { ExtensionDir } from './extension-dir.ts'
import { describeTargets, type TargetInfo } from './match-target.ts'
import { pollUntil, type PollOptions } from './poll.ts'

/** One entry of Extensions.getExtensions. */
export interface LoadedExtension {
  id: string
  name: string
  path: string
  enabled: boolean
}

/** Polls /json/list on 127.0.0.1:`port` and the loaded extensions until `extension` (when given) is ready. */
export async function waitUntilReady(
  port: number,
  extension: ExtensionDir | undefined,
  listExtensions: () => Promise<LoadedExtension[]>,
  options: PollOptions,
): Promise<void> {
  const workerUrl = extension?.serviceWorker === undefined ? undefined : `chrome-extension://${extension.id}/${extension.serviceWorker}`
  let seen: TargetInfo[] = []
  let loaded: LoadedExtension[] = []
  await pollUntil(
    async () => {
      const list = await CDP.List({ host: '127.0.0.1', port }).catch(() => undefined)
      if (list === undefined) return undefined
      seen = list.map(({ id, type, url, title }) => ({ id, type, url, title }))
      if (extension === undefined) return true
      loaded = await listExtensions()
      const other = loaded.find((e) => e.path === extension.path && e.id !== extension.id)
      if (other !== undefined) {
        throw new TargetError(`Chromium loaded ${extension.path} as ${other.id}, not as the ID computed before launch (${extension.id})`)
      }
      if (!loaded.some((e) => e.id === extension.id && e.enabled)) return undefined
      return workerUrl === undefined || seen.some((t) => t.type === 'service_worker' && t.url === workerUrl) ? true : undefined
    },
    () => {
      const what = loaded.some((e) => e.id === extension?.id)
        ? `its service worker ${workerUrl} was not listed`
        : `it was not listed as loaded (loaded: ${loaded.map((e) => `${e.name} ${e.id}`).join(', ') || 'none'})`
      return new TargetError(`the extension ${extension?.name} (${extension?.id}) was not ready within ${options.timeout} ms: ${what}; targets seen:\n${describeTargets(seen)}`)
    },
    options,
  )
}
