// Every launch gets a fresh, throw-away user-data-dir, so no state leaks between runs and the
// extension's toolbar icon can be pinned before the first frame.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { downloadFolder, emptyDownloadFolder } from '../download-folder.ts'

export interface Profile {
  readonly dir: string
  /** Deletes the folder; call once Chromium has exited. */
  remove(): Promise<void>
}

/**
 * Preferences for a fresh profile: the extension's action pinned, developer mode on, no "Save password?" bubble over
 * the page, and the default page zoom when one is given (Settings › Appearance › Page zoom).
 */
export function profilePreferences(pinnedExtensionId?: string, zoom?: number): object {
  return {
    // Developer mode, as for anyone who loads an unpacked extension: without it, a reload from
    // chrome://extensions (extensions-page.ts) leaves the extension disabled as "unsupported".
    extensions: { pinned_extensions: pinnedExtensionId === undefined ? [] : [pinnedExtensionId], ui: { developer_mode: true } },
    credentials_enable_service: false,
    // (keyed by the storage partition; 'x' is the default one, the one pages and extension pages share)
    ...(zoom !== undefined && zoom !== 1 && { partition: { default_zoom_level: { x: zoomLevel(zoom) } } }),
  }
}

/** Chromium's zoom level for a zoom factor: each level is a factor of 1.2 (150% is level 2.2239…). */
export function zoomLevel(zoom: number): number {
  return Math.log(zoom) / Math.log(1.2)
}

/** Creates `<tmp>/agentprobe-chrome-XXXXXX/Default/Preferences`, with downloads going to the profile's own folder (download-folder.ts). */
export async function createProfile(pinnedExtensionId?: string, zoom?: number): Promise<Profile> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-chrome-'))
  await mkdir(join(dir, 'Default'))
  await emptyDownloadFolder(downloadFolder(dir))
  const preferences = { ...profilePreferences(pinnedExtensionId, zoom), download: { default_directory: downloadFolder(dir), prompt_for_download: false } }
  await writeFile(join(dir, 'Default', 'Preferences'), JSON.stringify(preferences))
  return { dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) }
}
