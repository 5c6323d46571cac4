// The profile template every Firefox launch copies (src/targets/firefox/profile-template.ts), made
// by the real firefox-esr in a cache folder of the test's own: what it keeps, that one on disk is
// taken without a start, and what a Firefox that cannot make one is told.
import { chmod, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFirefox } from '../src/targets/firefox/find-firefox.ts'
import { createFirefoxProfile } from '../src/targets/firefox/firefox-profile.ts'
import { profileTemplate, templateDirFor } from '../src/targets/firefox/profile-template.ts'

let scratch: string
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'agentprobe-firefox-template-'))
})
afterAll(() => rm(scratch, { recursive: true, force: true }))

describe('the Firefox profile template', () => {
  it('holds what a first start made (its startup cache), not what a start leaves (locks, prefs file, session, window size), and is copied under each profile', async () => {
    const firefox = await findFirefox(process.env.FIREFOX_PATH)
    const cacheDir = join(scratch, 'cache')
    const template = await profileTemplate(firefox, { cacheDir })
    if (!('dir' in template)) throw new Error(template.why)
    const files = await readdir(template.dir)
    expect(files).toEqual(expect.arrayContaining(['startupCache', 'prefs.js', 'places.sqlite', 'extensions.json']))
    expect((await readdir(join(template.dir, 'startupCache'))).length).toBeGreaterThan(0)
    for (const left of ['lock', '.parentlock', 'user.js', 'sessionstore.jsonlz4', 'xulstore.json']) expect(files).not.toContain(left)
    expect(await readdir(cacheDir)).toEqual([template.dir.split('/').pop()])
    expect(template.dir).toBe(await templateDirFor(firefox, cacheDir))

    // Another process finds one on disk and starts no Firefox: here one that cannot start, whose
    // template is already where it would make it.
    const unstartable = join(scratch, 'firefox-that-cannot-start')
    await writeFile(unstartable, '#!/bin/sh\nexit 3\n')
    await chmod(unstartable, 0o755)
    await cp(template.dir, (await templateDirFor(unstartable, cacheDir))!, { recursive: true })
    expect(await profileTemplate(unstartable, { cacheDir })).toEqual({ dir: await templateDirFor(unstartable, cacheDir) })

    const profile = await createFirefoxProfile(undefined, { locale: 'de' }, { windowManager: true }, template.dir)
    try {
      expect(await readdir(profile.dir)).toEqual(expect.arrayContaining(['startupCache', 'prefs.js', 'user.js']))
      expect(await readFile(join(profile.dir, 'user.js'), 'utf8')).toContain('user_pref("intl.locale.requested", "de");')
    } finally {
      await profile.remove()
    }
  }, 90_000)

  it('a Firefox that ends before it listens: no template, and the reason names the cache folder and how it ended', async () => {
    const broken = join(scratch, 'firefox')
    await writeFile(broken, '#!/bin/sh\necho "cannot open display" >&2\nexit 3\n')
    await chmod(broken, 0o755)
    const cacheDir = join(scratch, 'cache-of-broken')
    const template = await profileTemplate(broken, { cacheDir, timeout: 20_000 })
    expect(template).toEqual({ why: expect.stringMatching(new RegExp(`^no profile template in ${cacheDir} for firefox: it ended with exit code 3 before it listened for WebDriver BiDi:\\n.*cannot open display`)) })
    // Nothing half made is left for the next launch to take.
    expect(await readdir(cacheDir)).toEqual([])
  })
})
