// Release day in one browser: the version users have is installed first, then replaced by the build
// under test as Chrome updates an extension, keeping its ID, storage, granted permissions and pin.
// Chromium takes an unpacked extension from another folder as the same one when both manifests
// carry the same `key`: the build's own, or one agentprobe assigns to the build's folder. Each
// version is staged (copied, the key written into its manifest) under the browser's profile.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError } from '../../core/errors.ts'
import { assignedKey, type AssignedKey } from './assigned-key.ts'
import type { ChromeCalls } from './chrome-calls.ts'
import type { ExtensionTabs } from './extension-context.ts'
import { installExtension, installedExtensions, pinToToolbar, uninstallAll } from './extension-install.ts'
import { loadExtensionDir, type ExtensionDir } from './extension-dir.ts'
import { EXTENSION_LOAD_MS, reloadExtension } from './extension-reload.ts'
import { readManifest } from '../read-manifest.ts'
import { materializeVersion, type SourceOptions, type VersionSource } from './version-source.ts'

export interface VersionOptions extends SourceOptions {
  /** Where staged versions go: a folder of the browser's profile. */
  stagingRoot: string
  /** Bound on each wait for the browser (the old pages gone, the new worker answering), ms (default EXTENSION_LOAD_MS). */
  timeout?: number | undefined
}

export interface InstalledVersion {
  /** The ID both versions share. */
  id: string
  version: string
  ms: number
}

export interface UpdatedVersion extends InstalledVersion {
  /** The version that was installed before, as onInstalled's `previousVersion` says it. */
  previousVersion: string
}

/** The key both versions carry: the build's own when its manifest has one, else the one assigned to its folder. */
export function sharedIdentity(build: Pick<ExtensionDir, 'key' | 'id' | 'path'>): AssignedKey {
  return build.key === undefined ? assignedKey(build.path) : { key: build.key, id: build.id }
}

/** Uninstalls the extension under test (whichever version runs) and installs `source` in its place, with onInstalled reason 'install'. */
export async function installVersion(chrome: ExtensionTabs, build: ExtensionDir, source: VersionSource, options: VersionOptions): Promise<InstalledVersion> {
  const started = performance.now()
  const identity = sharedIdentity(build)
  const { dir, version } = await stage(source, identity.key, options)
  // A user who has version N has never had this build: it goes, with its data.
  const present = (await installedExtensions(chrome)).filter((e) => e.id === build.id || e.id === identity.id)
  await uninstallAll(chrome, present, options.timeout ?? EXTENSION_LOAD_MS, options.signal)
  await installExtension(chrome, dir, options)
  return { id: dir.id, version, ms: Math.round(performance.now() - started) }
}

/** Replaces the installed version with the build under test, as an update does: onInstalled with reason 'update'. */
export async function updateToBuild(chrome: ChromeCalls, build: ExtensionDir, options: VersionOptions): Promise<UpdatedVersion> {
  const started = performance.now()
  const identity = sharedIdentity(build)
  const installed = (await installedExtensions(chrome)).find((e) => e.id === identity.id)
  if (installed === undefined) {
    throw new ConfigError(`update() replaces the version chrome.installVersion(source) installed, but the extension ${identity.id} is not installed: call chrome.installVersion(source) first`)
  }
  const { dir, version } = await stage(build.path, identity.key, options)
  await reloadExtension(chrome, dir, () => chrome.pipe('Extensions.loadUnpacked', { path: dir.path }, { signal: options.signal }), { timeout: options.timeout })
  return { id: dir.id, version, previousVersion: installed.version, ms: Math.round(performance.now() - started) }
}

/**
 * After an update test, for the next file: every staged version uninstalled and the build under
 * test loaded from its own folder again, as a new user gets it. False when no staged version ran.
 */
export async function restoreBuild(chrome: ExtensionTabs, build: ExtensionDir, loadUnpacked: () => Promise<unknown>, timeout = 5000): Promise<boolean> {
  const identity = sharedIdentity(build)
  const staged = (await installedExtensions(chrome)).filter((e) => (e.id === identity.id || e.id === build.id) && e.path !== build.path)
  if (staged.length === 0) return false
  await uninstallAll(chrome, staged, timeout)
  await reloadExtension(chrome, build, loadUnpacked, { timeout })
  await pinToToolbar(chrome, build.id, { timeout })
  return true
}

/** `source` copied into a new folder under the staging root, `key` written into its manifest, and read back as Chromium will. */
async function stage(source: VersionSource, key: string, options: VersionOptions): Promise<{ dir: ExtensionDir; version: string }> {
  await mkdir(options.stagingRoot, { recursive: true })
  const into = await mkdtemp(join(options.stagingRoot, 'version-'))
  await materializeVersion(source, into, options)
  const { path, manifest } = await readManifest(into)
  await writeFile(path, JSON.stringify({ ...manifest, key }, null, 2))
  return { dir: await loadExtensionDir(into), version: typeof manifest.version === 'string' ? manifest.version : '' }
}
