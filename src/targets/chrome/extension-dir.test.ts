import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../../core/errors.ts'
import { loadExtensionDir } from './extension-dir.ts'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** An extension folder with `manifest` and the given files (path → content). */
async function extension(manifest: Record<string, unknown>, files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-manifest-'))
  dirs.push(dir)
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'T', version: '1', ...manifest }))
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}

describe('loadExtensionDir refuses, before Chromium sees it, what Chromium would refuse', () => {
  it.each([
    ['content_scripts[0].js[1]', { content_scripts: [{ matches: ['<all_urls>'], js: ['a.js', 'gone.js'] }] }],
    ['content_scripts[1].css[0]', { content_scripts: [{ matches: ['<all_urls>'], js: ['a.js'] }, { matches: ['<all_urls>'], css: ['gone.css'] }] }],
    ['icons.48', { icons: { 16: 'a.js', 48: 'gone.png' } }],
    ['action.default_icon', { action: { default_icon: 'gone.png' } }],
    ['action.default_icon.32', { action: { default_icon: { 32: 'gone.png' } } }],
    ['options_page', { options_page: 'gone.html' }],
    ['options_ui.page', { options_ui: { page: 'gone.html' } }],
    ['chrome_url_overrides.newtab', { chrome_url_overrides: { newtab: 'gone.html' } }],
    ['background.service_worker', { background: { service_worker: 'dist/background.js' } }],
  ])('a missing file named by %s', async (field, manifest) => {
    const dir = await extension(manifest, { 'a.js': '' })
    await expect(loadExtensionDir(dir)).rejects.toThrow(new RegExp(`names ${field.replace(/[.[\]]/g, '\\$&')} "[^"]+", but .+ does not exist`))
  })

  it('a file field that is not a string', async () => {
    await expect(loadExtensionDir(await extension({ options_page: 3 }))).rejects.toThrow('options_page must be a string')
  })

  it('a _locales folder without default_locale, and a default_locale without its messages', async () => {
    await expect(loadExtensionDir(await extension({}, { '_locales/en/messages.json': '{}' }))).rejects.toThrow('has no default_locale')
    await expect(loadExtensionDir(await extension({ default_locale: 'fr' }, { '_locales/en/messages.json': '{}' }))).rejects.toThrow('names default_locale "fr"')
  })

  it('a __MSG_ placeholder its default locale does not define, named with its field', async () => {
    const dir = await extension({ name: '__MSG_appName__', default_locale: 'en' }, { '_locales/en/messages.json': '{"other":{"message":"x"}}' })
    await expect(loadExtensionDir(dir)).rejects.toThrow('name uses __MSG_appName__, but')
  })

  it('accepts a localized manifest whose messages are defined (names match case-insensitively, as in Chromium)', async () => {
    const dir = await extension(
      { name: '__MSG_appName__', default_locale: 'en', action: { default_title: '__MSG_Title__', default_icon: { 16: 'i.png' } }, content_scripts: [{ matches: ['<all_urls>'], js: ['a.js'] }] },
      { '_locales/en/messages.json': '{"appname":{"message":"A"},"title":{"message":"T"}}', 'i.png': '', 'a.js': '' },
    )
    await expect(loadExtensionDir(dir)).resolves.toMatchObject({ name: '__MSG_appName__', serviceWorker: undefined })
  })

  it('refuses Manifest V2 at once, naming the manifest and saying Chromium no longer loads it', async () => {
    const dir = await extension({ manifest_version: 2, background: { scripts: ['bg.js'] } })
    const error = await loadExtensionDir(dir).catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain(`${join(await realpath(dir), 'manifest.json')} is a Manifest V2 extension`)
    expect(String(error)).toContain('current Chromium no longer loads Manifest V2 extensions')
  })
})

describe('loadExtensionDir reads the manifest as Chrome does', () => {
  it('accepts comments, a $schema key and unknown keys, in the manifest and in messages.json', async () => {
    const dir = await extension({})
    await writeFile(join(dir, 'manifest.json'), `{
  // Chrome allows comments
  "$schema": "https://json.schemastore.org/chrome-manifest",
  "manifest_version": 3, /* block */ "name": "__MSG_appName__", "version": "1",
  "default_locale": "en",
  "homepage_url": "https://example.com//x",
  "x_build": { "sha": "abc" }
}`)
    await mkdir(join(dir, '_locales/en'), { recursive: true })
    await writeFile(join(dir, '_locales/en/messages.json'), '{ // names\n "appName": { "message": "Commented" } }')
    await expect(loadExtensionDir(dir)).resolves.toMatchObject({ name: '__MSG_appName__' })
  })

  it('a manifest that is not JSON even with comments names the file and the fault', async () => {
    const dir = await extension({})
    await writeFile(join(dir, 'manifest.json'), '{ "manifest_version": 3, /* never closed ')
    await expect(loadExtensionDir(dir)).rejects.toThrow(/manifest\.json: a \/\* comment that opens at line 1 is never closed/)
  })
})
