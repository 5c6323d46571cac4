// Loading over the DevTools pipe (how branded Chrome gets an unpacked extension), reloading it in
// place after a rebuild, and resetting a reused browser between files — on real Chromium.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { loadExtensionDir } from '../src/targets/chrome/extension-dir.ts'
import { EXTENSION_LOAD_MS, reloadExtension } from '../src/targets/chrome/extension-reload.ts'
import { resetBrowserState } from '../src/targets/chrome/reset-browser.ts'
import { isExtensionsPage, pressReload, reloadInPlace } from '../src/targets/chrome/extensions-page.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'

let screen: X11Screen
let chrome: ChromeProcess
let helpers: ChromeHelpers
let extension: string
const worker = () => ({ type: 'service_worker', url: `chrome-extension://${chrome.extensionId}/` })

beforeAll(async () => {
  extension = await mkdtemp(join(tmpdir(), 'agentprobe-reload-'))
  await cp(resolve(import.meta.dirname, '../fixtures/extensions/sidepanel'), extension, { recursive: true })
  screen = await X11Screen.start({ width: 1280, height: 720 })
  chrome = await launchChrome({ display: screen.display, extensionDir: extension, size: screen.size, extensionLoading: 'pipe' })
  helpers = await ChromeHelpers.connect(chrome)
})

afterAll(async () => {
  await helpers?.close()
  await chrome?.close()
  await screen?.close()
})

it('loads the extension over the DevTools pipe, with the ID computed from its path', async () => {
  expect(chrome.extensionId).toMatch(/^[a-p]{32}$/)
  expect(await helpers.evaluate(worker(), 'chrome.runtime.id')).toBe(chrome.extensionId)
})

it('reloads a rebuilt extension in place: new code, same browser', async () => {
  const file = join(extension, 'service-worker.js')
  await writeFile(file, `${await readFile(file, 'utf8')}\nglobalThis.buildNumber = 2\n`)
  const ms = await reloadExtension(helpers, await loadExtensionDir(extension), () => chrome.loadUnpacked(chrome.extensionPath!))
  expect(await helpers.evaluate(worker(), 'globalThis.buildNumber')).toBe(2)
  expect(ms).toBeLessThan(5000)
})

/**
 * The reason of the onInstalled a rebuilt worker (see below) saw, kept in storage.session: a worker
 * Chrome stops and starts again loses its globals, and under load the event may land after the
 * reload's worker first answers.
 */
const INSTALL_REASON = "chrome.storage.session.get('installReason').then((s) => s.installReason ?? null)"

it("reloads as chrome://extensions' Reload button does: the new build, its storage kept, onInstalled 'update', from a page no target list shows", async () => {
  await helpers.evaluate(worker(), "chrome.storage.local.set({ kept: 'yes' }).then(() => true)")
  const file = join(extension, 'service-worker.js')
  await writeFile(file, `${await readFile(file, 'utf8')}\nglobalThis.buildNumber = 3\nchrome.runtime.onInstalled.addListener((d) => chrome.storage.session.set({ installReason: d.reason }))\n`)
  let fellBack = false
  const loadUnpacked = async () => {
    fellBack = true
    await chrome.loadUnpacked(chrome.extensionPath!)
  }
  await reloadExtension(helpers, await loadExtensionDir(extension), reloadInPlace(helpers, chrome.extensionId!, loadUnpacked))
  expect(fellBack).toBe(false)
  expect(await helpers.evaluate(worker(), 'globalThis.buildNumber')).toBe(3)
  await expect.poll(() => helpers.evaluate(worker(), INSTALL_REASON), { timeout: EXTENSION_LOAD_MS }).toBe('update')
  expect(await helpers.evaluate(worker(), "chrome.storage.local.get('kept').then((s) => s.kept)")).toBe('yes')
  const { targetInfos } = await chrome.pipe<{ targetInfos: { type: string; url: string }[] }>('Target.getTargets', {})
  expect(targetInfos.filter(isExtensionsPage)).toHaveLength(1)
  expect((await helpers.targets()).filter((t) => t.url.startsWith('chrome://'))).toEqual([])
  expect((await loadedExtension()).enabled).toBe(true)
})

it('falls back to Extensions.loadUnpacked when the button cannot reload a build, which then says why; a fixed build reloads again', async () => {
  const manifest = join(extension, 'manifest.json')
  const good = await readFile(manifest, 'utf8')
  await writeFile(manifest, good.replace('"manifest_version": 3', '"manifest_version": "three"'))
  await expect(pressReload(helpers, chrome.extensionId!)).rejects.toThrow(/failed to reload: .*manifest_version/i)
  let fellBack = false
  const loadUnpacked = async () => {
    fellBack = true
    await chrome.loadUnpacked(chrome.extensionPath!)
  }
  await expect(reloadInPlace(helpers, chrome.extensionId!, loadUnpacked)()).rejects.toThrow(/manifest_version/i)
  expect(fellBack).toBe(true)
  await writeFile(manifest, good)
  await reloadExtension(helpers, await loadExtensionDir(extension), reloadInPlace(helpers, chrome.extensionId!, () => chrome.loadUnpacked(chrome.extensionPath!)))
  expect(await helpers.evaluate(worker(), 'chrome.runtime.id')).toBe(chrome.extensionId)
  expect((await loadedExtension()).enabled).toBe(true)
})

async function loadedExtension() {
  const { extensions } = await chrome.pipe<{ extensions: { id: string; enabled: boolean }[] }>('Extensions.getExtensions', {})
  return extensions.find((e) => e.id === chrome.extensionId)!
}

it('resets a reused browser: storage cleared, extension pages closed, one blank tab', async () => {
  await helpers.openExtensionPage('sidepanel.html')
  await helpers.openPage('about:blank#second')
  await helpers.evaluate(worker(), "chrome.storage.local.set({ notes: ['left over'] }).then(() => true)")
  await resetBrowserState(helpers, { path: chrome.extensionPath!, loadUnpacked: () => chrome.loadUnpacked(chrome.extensionPath!) })
  const pages = await helpers.targets({ type: 'page' })
  expect(pages.map((p) => p.url)).toEqual(['about:blank'])
  expect(await helpers.evaluate(worker(), 'chrome.storage.local.get({ notes: [] }).then((s) => s.notes.length)')).toBe(0)
})
