// A test's downloads go to a folder of the browser's throw-away profile, not to the Downloads of
// whoever runs the suite: there they stayed across files and runs, and a second run's file came as
// "notes(1).txt". The reset empties it, as a launch finds it.
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** The download folder of the profile at `profileDir`. */
export const downloadFolder = (profileDir: string): string => join(profileDir, 'Downloads')

/** Creates a download folder, or empties it. */
export async function emptyDownloadFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true })
  await Promise.all((await readdir(folder)).map((name) => rm(join(folder, name), { recursive: true, force: true })))
}
