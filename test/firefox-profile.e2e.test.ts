// The profile template every Firefox launch copies (src/targets/firefox/profile-template.ts), made
// by the real firefox-esr in a cache folder of the test's own: what it keeps, that it is made once
// and then found on disk, and what a Firefox that cannot make one is told.
import { chmod, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFirefox } from '../src/targets/firefox/find-firefox.ts'
import { createFirefoxProfile } from '../src/targets/firefox/firefox-profile.ts'
import { profileTemplate } from '../src/targets/firefox/profile-template.ts'

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

    // Another process finds it on disk (here: the same Firefox by another path, so not this process's memory).
    const alias = join(scratch, 'firefox-alias')
    await symlink(firefox, alias)
    const started = performance.now()
    expect(await profileTemplate(alias, { cacheDir })).toEqual(template)
    expect(performance.now() - started).toBeLessThan(1000)

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
