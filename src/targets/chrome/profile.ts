// Every launch gets a fresh, throw-away user-data-dir, so no state leaks between runs and the
// extension's toolbar icon can be pinned before the first frame.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Profile {
  readonly dir: string
  /** Deletes the folder; call once Chromium has exited. */
  remove(): Promise<void>
}

/** Preferences for a fresh profile: the extension's action pinned, no "Save password?" bubble over the page. */
export function profilePreferences(pinnedExtensionId?: string): object {
  return {
    extensions: { pinned_extensions: pinnedExtensionId === undefined ? [] : [pinnedExtensionId] },
    credentials_enable_service: false,
  }
}

/** Creates `<tmp>/agentprobe-chrome-XXXXXX/Default/Preferences`. */
export async function createProfile(pinnedExtensionId?: string): Promise<Profile> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-chrome-'))
  await mkdir(join(dir, 'Default'))
  await writeFile(join(dir, 'Default', 'Preferences'), JSON.stringify(profilePreferences(pinnedExtensionId)))
  return { dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) }
}
