// Checks an unpacked extension folder before Chromium sees it: Chromium reports a broken one only
// in a modal "Failed to load extension" dialog that blocks its start, so a test would just hang.
import { access, realpath, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ConfigError } from '../../core/errors.ts'
import { manifestVersionProblem } from '../../core/manifest-json.ts'
import { extensionIdForKey, extensionIdForPath } from './extension-id.ts'
import { manifestFileFields, messagePlaceholders } from './manifest-files.ts'
import { readChromeJson, readManifest } from '../read-manifest.ts'

export interface ExtensionDir {
  /** The real absolute path, as Chromium resolves it (symlinks followed): the ID depends on it. */
  path: string
  /** From the manifest's `key` when it has one, else from `path`. */
  id: string
  /** The manifest's `key`, when it has one. */
  key: string | undefined
  /** The manifest's `name`, as written (a `__MSG_…__` placeholder stays one), for messages. */
  name: string
  /** Whether the manifest asks for the `storage` permission (required or optional): the extension may have chrome.storage. */
  storageApi: boolean
  /** Whether the manifest asks for the `sidePanel` permission: the extension may have set its panel's behaviour, which Chrome keeps across reloads. */
  sidePanelApi: boolean
  /** Whether the manifest lists optional permissions or host origins, which a test may have granted. */
  optionalPermissions: boolean
  /** `background.service_worker` from the manifest, relative to `path`, when it declares one. */
  serviceWorker: string | undefined
}

/** Reads and checks `dir`; a ConfigError naming the path and field when the folder, manifest, a file it names or a message is missing or invalid. */
export async function loadExtensionDir(dir: string): Promise<ExtensionDir> {
  const path = await realpath(resolve(dir)).catch(() => undefined)
  if (path === undefined || !(await stat(path)).isDirectory()) {
    throw new ConfigError(`extension folder ${resolve(dir)} does not exist or is not a folder`)
  }
  const { path: manifestPath, manifest } = (await readManifest(path)) as { path: string; manifest: ManifestFiles }
  // Chromium 139+ refuses MV2 with an error that a launch would only show as a timeout.
  const versionProblem = manifestVersionProblem(manifest, manifestPath)
  if (versionProblem) throw new ConfigError(versionProblem, { context: { manifestVersion: manifest.manifest_version } })
  // Chromium refuses (with the same blocking dialog) a manifest naming a file that is missing.
  for (const { field, value } of manifestFileFields(manifest)) await checkFile(path, manifestPath, field, value)
  await checkLocales(path, manifestPath, manifest)
  const serviceWorker = manifest.background?.service_worker as string | undefined
  if (manifest.key !== undefined && typeof manifest.key !== 'string') throw new ConfigError(`${manifestPath}: "key" must be a string`)
  const id = manifest.key === undefined ? extensionIdForPath(path) : extensionIdForKey(manifest.key, manifestPath)
  const storageApi = [manifest.permissions, manifest.optional_permissions].some((list) => Array.isArray(list) && list.includes('storage'))
  const sidePanelApi = Array.isArray(manifest.permissions) && manifest.permissions.includes('sidePanel')
  const optionalPermissions = [manifest.optional_permissions, manifest.optional_host_permissions].some((list) => Array.isArray(list) && list.length > 0)
  return { path, id, key: manifest.key, name: typeof manifest.name === 'string' ? manifest.name : '', storageApi, sidePanelApi, optionalPermissions, serviceWorker }
}

/** A manifest field naming a file: a string naming a file that exists. */
async function checkFile(dir: string, manifestPath: string, field: string, value: unknown): Promise<void> {
  if (typeof value !== 'string') throw new ConfigError(`${manifestPath}: ${field} must be a string`)
  const file = join(dir, value)
  await access(file).catch(() => {
    throw new ConfigError(`${manifestPath} names ${field} "${value}", but ${file} does not exist`)
  })
}

/** Chromium's locale rules at load: `_locales` and `default_locale` go together, and every `__MSG_x__` the manifest uses is defined. */
async function checkLocales(dir: string, manifestPath: string, manifest: ManifestFiles): Promise<void> {
  const locales = join(dir, '_locales')
  const hasLocales = await access(locales).then(() => true, () => false)
  const placeholders = messagePlaceholders(manifest)
  if (manifest.default_locale === undefined) {
    if (hasLocales) throw new ConfigError(`${manifestPath} has no default_locale, but the folder has ${locales}: Chromium refuses localization without it`)
    return
  }
  if (typeof manifest.default_locale !== 'string') throw new ConfigError(`${manifestPath}: default_locale must be a string`)
  const messagesPath = join(locales, manifest.default_locale, 'messages.json')
  const messages = await readChromeJson(messagesPath, `${manifestPath} names default_locale "${manifest.default_locale}", but ${messagesPath} does not exist`)
  const defined = new Set(Object.keys(messages).map((k) => k.toLowerCase()))
  const missing = placeholders.find((p) => !defined.has(p.name.toLowerCase()))
  if (missing) throw new ConfigError(`${manifestPath}: ${missing.field} uses __MSG_${missing.name}__, but ${messagesPath} does not define "${missing.name}"`)
}

interface ManifestFiles extends Record<string, unknown> {
  name?: unknown
  default_locale?: unknown
  key?: unknown
  permissions?: unknown
  optional_permissions?: unknown
  optional_host_permissions?: unknown
  background?: { service_worker?: unknown }
}

