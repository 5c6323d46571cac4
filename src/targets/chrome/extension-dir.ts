// Checks an unpacked extension folder before Chromium sees it: Chromium reports a broken one only
// in a modal "Failed to load extension" dialog that blocks its start, so a test would just hang.
import { access, readFile, realpath, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ConfigError, errorMessage } from '../../core/errors.ts'
import { extensionIdForKey, extensionIdForPath } from './extension-id.ts'

export interface ExtensionDir {
  /** The real absolute path, as Chromium resolves it (symlinks followed): the ID depends on it. */
  path: string
  /** From the manifest's `key` when it has one, else from `path`. */
  id: string
  /** The manifest's `name`, as written (a `__MSG_…__` placeholder stays one), for messages. */
  name: string
  /** Whether the manifest asks for the `storage` permission (required or optional): the extension may have chrome.storage. */
  storageApi: boolean
  /** `background.service_worker` from the manifest, relative to `path`, when it declares one. */
  serviceWorker: string | undefined
}

/** Reads and checks `dir`; a ConfigError naming the path when the folder, manifest or worker is missing or invalid. */
export async function loadExtensionDir(dir: string): Promise<ExtensionDir> {
  const path = await realpath(resolve(dir)).catch(() => undefined)
  if (path === undefined || !(await stat(path)).isDirectory()) {
    throw new ConfigError(`extension folder ${resolve(dir)} does not exist or is not a folder`)
  }
  const manifestPath = join(path, 'manifest.json')
  const text = await readFile(manifestPath, 'utf8').catch(() => undefined)
  if (text === undefined) throw new ConfigError(`extension folder ${path} has no manifest.json (looked for ${manifestPath})`)
  const manifest = parseManifest(text, manifestPath)
  const serviceWorker = await checkFile(path, manifestPath, 'background.service_worker', manifest.background?.service_worker)
  // Chromium refuses (with the same blocking dialog) a manifest whose side panel or popup file is missing.
  await checkFile(path, manifestPath, 'side_panel.default_path', manifest.side_panel?.default_path)
  await checkFile(path, manifestPath, 'action.default_popup', manifest.action?.default_popup)
  if (manifest.key !== undefined && typeof manifest.key !== 'string') throw new ConfigError(`${manifestPath}: "key" must be a string`)
  const id = manifest.key === undefined ? extensionIdForPath(path) : extensionIdForKey(manifest.key, manifestPath)
  const storageApi = [manifest.permissions, manifest.optional_permissions].some((list) => Array.isArray(list) && list.includes('storage'))
  return { path, id, name: typeof manifest.name === 'string' ? manifest.name : '', storageApi, serviceWorker }
}

/** A manifest field naming a file: undefined, or a string naming a file that exists. */
async function checkFile(dir: string, manifestPath: string, field: string, value: unknown): Promise<string | undefined> {
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new ConfigError(`${manifestPath}: ${field} must be a string`)
  const file = join(dir, value)
  await access(file).catch(() => {
    throw new ConfigError(`${manifestPath} names ${field} "${value}", but ${file} does not exist`)
  })
  return value
}

interface ManifestFiles {
  name?: unknown
  key?: unknown
  permissions?: unknown
  optional_permissions?: unknown
  background?: { service_worker?: unknown }
  side_panel?: { default_path?: unknown }
  action?: { default_popup?: unknown }
}

// Only what the launcher checks: that it is a JSON object naming files that exist, and what fixes its ID.
function parseManifest(text: string, manifestPath: string): ManifestFiles {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`${manifestPath} is not valid JSON: ${errorMessage(error)}`, { cause: error })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${manifestPath} must hold a JSON object`)
  return value
}
