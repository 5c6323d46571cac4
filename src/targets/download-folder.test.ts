import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { downloadFolder, emptyDownloadFolder } from './download-folder.ts'

it('creates the profile’s download folder, then empties it of files and folders alike', async () => {
  const profile = await mkdtemp(join(tmpdir(), 'profile-'))
  await emptyDownloadFolder(downloadFolder(profile))
  expect(await readdir(downloadFolder(profile))).toEqual([])
  await writeFile(join(downloadFolder(profile), 'notes.txt'), 'notes')
  await mkdir(join(downloadFolder(profile), 'export'))
  await writeFile(join(downloadFolder(profile), 'export', 'a.csv'), 'a')
  await emptyDownloadFolder(downloadFolder(profile))
  expect(await readdir(downloadFolder(profile))).toEqual([])
  expect(await readdir(profile)).toEqual(['Downloads'])
})
