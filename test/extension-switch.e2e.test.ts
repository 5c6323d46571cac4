// A pool slot's browser taking the next test file's extension without a relaunch, on a real
// Chromium and Xvfb: that file must see what a fresh launch would have shown it. The previous
// extension gone with everything a test left (storage, granted permissions, pages, its shortcut),
// the new one installed as on a first start (its content script in the start page), its button
// pinned where a launch pins it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateKeyPairSync } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { BrowserPool, type Lease } from '../src/browser-pool/browser-pool.ts'
import { frameRaster } from '../src/grounding/raster.ts'
import { findToolbarSlot } from '../src/grounding/toolbar-slot.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { loadExtensionDir } from '../src/targets/chrome/extension-dir.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'

const SIZE = { width: 1280, height: 720 }
const folders: string[] = []
const pools: BrowserPool[] = []
const lines: string[] = []

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()))
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })))
})

/** An MV3 extension whose worker records onInstalled's reason, with a command on Ctrl+Shift+Y and an icon of one colour. */
async function writeExtension(name: string, colour: { r: number; g: number; b: number }, { opensTab = false, marksPages = false, key }: { opensTab?: boolean; marksPages?: boolean; key?: string } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-switch-'))
  folders.push(dir)
  const manifest = {
    manifest_version: 3,
    name,
    version: '1.0',
    ...(key && { key }),
    permissions: ['storage'],
    optional_permissions: ['bookmarks'],
    background: { service_worker: 'worker.js' },
    action: { default_title: name, default_icon: 'icon.png' },
    commands: { [`say-${name.at(-1)!.toLowerCase()}`]: { suggested_key: { default: 'Ctrl+Shift+Y' }, description: `Say ${name}` } },
    ...(marksPages && { content_scripts: [{ matches: ['http://127.0.0.1/*'], js: ['mark.js'] }] }),
  }
  const welcome = opensTab ? `chrome.tabs.create({ url: 'welcome.html' })` : ''
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest))
  await writeFile(join(dir, 'worker.js'), `chrome.runtime.onInstalled.addListener(({ reason }) => { chrome.storage.local.set({ reason }); ${welcome} })`)
  await writeFile(join(dir, 'welcome.html'), `<!doctype html><title>Welcome to ${name}</title><p>Welcome`)
  await writeFile(join(dir, 'mark.js'), 'document.documentElement.dataset.markedBy = chrome.runtime.getManifest().name')
  await sharp({ create: { width: 32, height: 32, channels: 3, background: colour } }).png().toFile(join(dir, 'icon.png'))
  return dir
}

const RED = { r: 220, g: 30, b: 30 }
const BLUE = { r: 30, g: 60, b: 220 }

// The start page each file opens on: a content script of the extension must have run in it, as at a launch.
const server = createServer((_, res) => res.end('<!doctype html><title>Start</title><p>Start page'))
const START = new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/start.html`)))
afterAll(() => server.close())

async function newPool(): Promise<BrowserPool> {
  const pool = new BrowserPool({ size: SIZE, url: await START, log: (line) => lines.push(line) })
  pools.push(pool)
  return pool
}

/** The test file's view of its lease: the `chrome` fixture's helpers, as a worker connects them. */
async function helpersFor(pool: BrowserPool, lease: Lease): Promise<ChromeHelpers> {
  if (lease.endpoint.browser !== 'chromium') throw new Error('a Chromium lease was expected')
  return ChromeHelpers.connect({ ...lease.endpoint, display: lease.display, pipe: (method, params) => pool.pipe('1', method, params) as never })
}

/** The pinned button's centre and the colour there, on the lease's screen as the pool left it (drawn). */
async function pinnedButton(lease: Lease): Promise<{ x: number; y: number; rgb: number[] }> {
  const screen = await X11Screen.attach({ display: lease.display })
  try {
    const raster = await frameRaster(await screen.capture())
    const slot = findToolbarSlot(raster)
    expect(slot?.confidence).toBeGreaterThanOrEqual(0.75)
    const { x, y } = slot!.center
    const at = (y * raster.width + x) * 3
    return { x, y, rgb: [...raster.data.subarray(at, at + 3)] }
  } finally {
    await screen.close()
  }
}

const near = (rgb: number[], { r, g, b }: typeof RED) => Math.abs(rgb[0]! - r) + Math.abs(rgb[1]! - g) + Math.abs(rgb[2]! - b) < 60

describe('a file with another extension than the last gets the same browser, as a fresh launch has it', () => {
  let pool: BrowserPool
  let a = ''
  let b = ''
  let first: Lease
  let aAtLaunch: { x: number; y: number }

  it('the first file: A at launch, where it leaves storage, a permission, a tab and a page of its own', async () => {
    pool = await newPool()
    a = await writeExtension('Switch A', RED)
    b = await writeExtension('Switch B', BLUE, { opensTab: true, marksPages: true })
    first = await pool.lease('1', a)
    expect(first.reused).toBe(false)
    const chrome = await helpersFor(pool, first)
    try {
      await chrome.evaluate({ type: 'service_worker' }, `chrome.storage.local.set({ left: 'by the last file' })`)
      await chrome.grantPermissions({ permissions: ['bookmarks'] })
      expect((await chrome.permissions()).permissions).toContain('bookmarks')
      await chrome.openPage('about:blank#left-open')
      await chrome.openExtensionPage('welcome.html')
      const { x, y, rgb } = await pinnedButton(first)
      expect(near(rgb, RED)).toBe(true)
      aAtLaunch = { x, y }
    } finally {
      await chrome.close()
    }
  })

  it('the next file asks for B: the same process, A gone, B installed as on a first start and holding the shortcut A had', async () => {
    const lease = await pool.lease('1', b)
    expect(lease.reused).toBe(true)
    expect(lease.pid).toBe(first.pid)
    const bId = (await loadExtensionDir(b)).id
    expect(lease.endpoint.extensionId).toBe(bId)
    expect(lease.versions.extension).toBe('Switch B 1.0')
    const chrome = await helpersFor(pool, lease)
    try {
      const installed = await chrome.pipe<{ extensions: { id: string }[] }>('Extensions.getExtensions')
      expect(installed.extensions.map((e) => e.id)).toEqual([bId])
      // One tab on the start page, and the welcome tab B's onInstalled opened, as at a launch.
      await expect.poll(async () => (await chrome.targets({ type: 'page' })).map((p) => p.url).sort(), { timeout: 10_000 }).toEqual([await START, `chrome-extension://${bId}/welcome.html`].sort())
      expect(await chrome.evaluate({ url: await START }, 'document.documentElement.dataset.markedBy')).toBe('Switch B')
      await expect.poll(() => chrome.storage(), { timeout: 10_000 }).toEqual({ reason: 'install' })
      expect(await chrome.shortcut('say-b')).toBe('ctrl+shift+y')
      expect(near((await pinnedButton(lease)).rgb, BLUE)).toBe(true)
    } finally {
      await chrome.close()
    }
  })

  it('back to A at once: nothing its last file left, and its button where it was', async () => {
    const lease = await pool.lease('1', a)
    expect([lease.reused, lease.pid]).toEqual([true, first.pid])
    const chrome = await helpersFor(pool, lease)
    try {
      await expect.poll(() => chrome.storage(), { timeout: 10_000 }).toEqual({ reason: 'install' })
      expect((await chrome.permissions()).permissions).not.toContain('bookmarks')
      expect((await chrome.targets({ type: 'page' })).map((p) => p.url)).toEqual([await START])
      expect(await chrome.evaluate({ url: await START }, 'document.documentElement.dataset.markedBy ?? null')).toBeNull()
      expect(await chrome.shortcut('say-a')).toBe('ctrl+shift+y')
    } finally {
      await chrome.close()
    }
    const button = await pinnedButton(lease)
    expect(near(button.rgb, RED)).toBe(true)
    expect({ x: button.x, y: button.y }).toEqual(aAtLaunch)
  })

  it("B's button is where a fresh launch of B puts it", async () => {
    const switched = await pinnedButton(await pool.lease('1', b))
    const fresh = await pinnedButton(await (await newPool()).lease('1', b))
    expect(switched).toEqual(fresh)
  })

  it('a file with no extension, then one again', async () => {
    const none = await pool.lease('1', undefined)
    expect([none.reused, none.pid, none.endpoint.extensionId]).toEqual([true, first.pid, undefined])
    const lease = await pool.lease('1', a)
    expect([lease.reused, lease.pid]).toEqual([true, first.pid])
    expect(near((await pinnedButton(lease)).rgb, RED)).toBe(true)
    expect(lines).toEqual([])
  })
})

describe('a build under the ID of the one the browser runs (the same key, another folder)', () => {
  it("gets a fresh browser, without a line: an uninstall drops that ID's data later than the new build starts", async () => {
    const pool = await newPool()
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
    const one = await writeExtension('Keyed A', RED, { key })
    const other = await writeExtension('Keyed B', BLUE, { key })
    const first = await pool.lease('1', one)
    const second = await pool.lease('1', other)
    expect([second.reused, second.pid === first.pid]).toEqual([false, false])
    expect(second.endpoint.extensionId).toBe(first.endpoint.extensionId)
    expect(lines).toEqual([])
  })
})
