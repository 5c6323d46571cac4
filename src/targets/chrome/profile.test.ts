import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createProfile, profilePreferences, zoomLevel } from './profile.ts'

describe('profilePreferences', () => {
  it('sets the default page zoom as Chromium stores it: a level, each a factor of 1.2', () => {
    expect(zoomLevel(1.2)).toBeCloseTo(1, 12)
    expect(zoomLevel(1.5)).toBeCloseTo(2.2239, 4)
    expect(1.2 ** zoomLevel(0.9)).toBeCloseTo(0.9, 12)
    expect(profilePreferences('abc', 1.5)).toMatchObject({ extensions: { pinned_extensions: ['abc'] }, partition: { default_zoom_level: { x: zoomLevel(1.5) } } })
  })

  it('turns developer mode on, without which a reload from chrome://extensions disables an unpacked extension', () => {
    expect(profilePreferences()).toMatchObject({ extensions: { ui: { developer_mode: true } } })
  })

  it('leaves the zoom out at 100%, as a fresh profile has it', () => {
    expect(profilePreferences(undefined, 1)).not.toHaveProperty('partition')
    expect(profilePreferences()).not.toHaveProperty('partition')
  })
})

it("writes the zoom into the profile's Default/Preferences", async () => {
  const profile = await createProfile(undefined, 2)
  try {
    const preferences = JSON.parse(await readFile(join(profile.dir, 'Default', 'Preferences'), 'utf8'))
    expect(preferences.partition.default_zoom_level.x).toBeCloseTo(3.8018, 4)
    // (downloads into the profile's own folder, not the Downloads of whoever runs the tests)
    expect(preferences.download).toEqual({ default_directory: join(profile.dir, 'Downloads'), prompt_for_download: false })
  } finally {
    await profile.remove()
  }
})
