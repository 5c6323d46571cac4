// Release day on Firefox: the version users have installed first, then the build under test over it
// as an add-on update, both under the build's gecko id. Measured on Firefox ESR over WebDriver BiDi:
// webExtension.install of a folder whose gecko id is already installed replaces that add-on in place:
// onInstalled fires with reason 'update' and previousVersion, storage.local and the moz-extension://
// origin are kept. An add-on without a gecko id gets a new made-up id at every install, so it has no
// identity to keep.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConfigError, TargetError, errorMessage } from '../../core/errors.ts'
import { materializeVersion, type SourceOptions, type VersionSource } from '../chrome/version-source.ts'
import { readManifest } from '../read-manifest.ts'
import type { BidiCall } from './bidi-call.ts'
import { firefoxManifestProblems, firefoxRefusal, geckoId } from './firefox-manifest.ts'

/** The identity both versions share: the build's gecko id, and the build's own version. */
export interface BuildIdentity {
  id: string
  version: string
  path: string
}

/** The build's gecko id and version; a ConfigError saying why a gecko id is needed when it has none. */
export async function buildIdentity(buildPath: string | undefined, call: string): Promise<BuildIdentity> {
  if (buildPath === undefined) throw new ConfigError(`${call}() needs the build under test, but this Firefox was launched without an extension`)
  const { path, manifest } = await readManifest(buildPath)
  const id = geckoId(manifest)
  if (id === undefined) {
    throw new ConfigError(
      `${call}() on Firefox keeps the add-on's identity by its gecko id, and ${path} declares none: Firefox makes a new add-on id up at each install, so the older version and the build would be two add-ons and no update would happen. Add "browser_specific_settings": { "gecko": { "id": "name@your.domain" } } to the build's manifest.json`,
    )
  }
  return { id, version: versionOf(manifest), path: buildPath }
}

/** `source` written into a new folder under `stagingRoot`, the build's gecko id in its manifest, checked as Firefox will take it. */
export async function stageVersion(source: VersionSource, build: BuildIdentity, options: SourceOptions & { stagingRoot: string }): Promise<{ path: string; version: string }> {
  await mkdir(options.stagingRoot, { recursive: true })
  const into = await mkdtemp(join(options.stagingRoot, 'version-'))
  await materializeVersion(source, into, options)
  const { path, manifest } = await readManifest(into)
  const own = geckoId(manifest)
  if (own !== undefined && own !== build.id) {
    throw new ConfigError(`installVersion(): the version in ${path} is the add-on ${own}, the build under test is ${build.id}: Firefox updates an add-on only to a version with the same gecko id`)
  }
  const refusal = firefoxRefusal(firefoxManifestProblems(manifest), path)
  if (refusal) throw refusal
  const settings = (manifest.browser_specific_settings ?? {}) as { gecko?: Record<string, unknown> }
  const staged = { ...manifest, browser_specific_settings: { ...settings, gecko: { ...settings.gecko, id: build.id } } }
  await writeFile(path, JSON.stringify(staged, null, 2))
  return { path: into, version: versionOf(manifest) }
}

/** Installs the folder as a temporary add-on, over the one with its gecko id if there is one (an update); `fresh` uninstalls that one first (its data goes). */
export async function installFolder(call: BidiCall, id: string, path: string, { fresh }: { fresh: boolean }): Promise<void> {
  if (fresh) {
    await call('webExtension.uninstall', { extension: id }).catch((error: unknown) => {
      // (nothing installed under that id: nothing to remove)
      if (!/no such web extension/i.test(errorMessage(error))) throw error
    })
  }
  try {
    await call('webExtension.install', { extensionData: { type: 'path', path } })
  } catch (error) {
    throw new TargetError(`Firefox did not install ${path} as the add-on ${id}: ${errorMessage(error)}`, { cause: error, context: { id, path } })
  }
}

function versionOf(manifest: Record<string, unknown>): string {
  return typeof manifest.version === 'string' ? manifest.version : ''
}
