import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../core/errors.ts'
import { readExtensionInfo } from './extension-info.ts'

let dir: string
afterEach(() => rm(dir, { recursive: true, force: true }))

async function extension(manifest: object, files: Record<string, string | Uint8Array> = {}): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'ext-info-'))
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, version: '1.2', ...manifest }))
  for (const [path, data] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), data)
  }
  return dir
}

const png = (size: number) => sharp({ create: { width: size, height: size, channels: 4, background: '#d93025' } }).png().toBuffer()

describe('readExtensionInfo', () => {
  it('takes the largest action icon of a size map', async () => {
    const d = await extension({ name: 'A', action: { default_icon: { 16: 'i16.png', 48: 'i48.png' } }, icons: { 128: 'big.png' } }, { 'i16.png': await png(16), 'i48.png': await png(48), 'big.png': await png(128) })
    expect(await readExtensionInfo(d)).toEqual({ name: 'A', version: '1.2', iconPath: join(d, 'i48.png'), iconField: 'action.default_icon["48"]' })
  })

  it('takes an action icon given as a string, else the extension icons', async () => {
    const d = await extension({ name: 'A', action: { default_icon: 'red.png' } }, { 'red.png': await png(128) })
    expect((await readExtensionInfo(d)).iconField).toBe('action.default_icon')
    const e = await extension({ name: 'A', action: {}, icons: { 32: 'a.png', 128: 'b.png' } }, { 'a.png': await png(32), 'b.png': await png(128) })
    expect(await readExtensionInfo(e)).toMatchObject({ iconPath: join(e, 'b.png'), iconField: 'icons["128"]' })
  })

  it('has no icon when the manifest names none (Chrome draws a letter tile)', async () => {
    const info = await readExtensionInfo(await extension({ name: 'Plain', action: { default_popup: 'p.html' } }))
    expect(info).toEqual({ name: 'Plain', version: '1.2' })
  })

  it('resolves a __MSG_ name through the default locale, keys in any case', async () => {
    const d = await extension({ name: '__MSG_AppName__', default_locale: 'en' }, { '_locales/en/messages.json': JSON.stringify({ appname: { message: 'Zebra Notes' } }) })
    expect((await readExtensionInfo(d)).name).toBe('Zebra Notes')
  })

  it('names the manifest field of a missing or broken icon', async () => {
    const d = await extension({ name: 'A', icons: { 48: 'gone.png', 16: 'bad.png' } }, { 'bad.png': 'not a png' })
    const error = await readExtensionInfo(d).catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain('icons["48"]')
    expect(String(error)).toContain('gone.png')
    const e = await extension({ name: 'A', action: { default_icon: 'bad.png' } }, { 'bad.png': 'not a png' })
    expect(String(await readExtensionInfo(e).catch((x: unknown) => x))).toMatch(/action\.default_icon in .*manifest\.json names .*bad\.png, which is not a readable image/)
  })

  it('names the message file a __MSG_ name needs', async () => {
    const d = await extension({ name: '__MSG_appName__', default_locale: 'fr' })
    expect(String(await readExtensionInfo(d).catch((e: unknown) => e))).toMatch(/_locales\/fr\/messages\.json for the manifest name "__MSG_appName__"/)
  })

  it('reads a manifest and messages with comments, as Chrome does', async () => {
    const d = await extension({}, { '_locales/en/messages.json': '{\n  // shown in the toolbar\n  "appName": { "message": "Commented" }\n}' })
    await writeFile(join(d, 'manifest.json'), '{\n  // built by the bundler\n  "manifest_version": 3, "name": "__MSG_appName__", /* semver */ "version": "2.0", "default_locale": "en"\n}')
    expect(await readExtensionInfo(d)).toEqual({ name: 'Commented', version: '2.0' })
  })
})

