// The reset between test files on extensions built the way real ones are — no worker, no
// `storage` permission, a fixed `key`, an offscreen document, a tab opened on install, a popup
// left open — each a small extension written here, on a real Chromium and a real Xvfb.
import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BrowserPool, type Lease } from '../src/browser-pool/browser-pool.ts'
import type { SettleOptions } from '../src/targets/browser.ts'
import { connectBrowser } from '../src/targets/browsers.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { loadExtensionDir } from '../src/targets/chrome/extension-dir.ts'
import { extensionIdForKey } from '../src/targets/chrome/extension-id.ts'
import { reloadExtension } from '../src/targets/chrome/extension-reload.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'
import { resetBrowserState } from '../src/targets/chrome/reset-browser.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'
import { writeOriginStores } from './origin-stores.ts'

const SIZE = { width: 1280, height: 720 }
const folders: string[] = []

async function writeExtension(files: Record<string, string | object>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-reset-'))
  folders.push(dir)
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content))
  }
  return dir
}

// What the extension's origin holds, read from a page of that origin.
const STORED = `(async () => ({
  localStorage: localStorage.length,
  indexedDB: (await indexedDB.databases()).map((d) => d.name),
  cacheStorage: await caches.keys(),
  chromeStorage: globalThis.chrome?.storage ? await chrome.storage.local.get() : 'none',
}))()`

// A page script that writes to every store an origin without the storage permission has.
const WRITE_ORIGIN_STORAGE = `globalThis.written = ${writeOriginStores('popup-cache')}`

let screen: X11Screen
beforeAll(async () => {
  screen = await X11Screen.start(SIZE)
})
afterAll(async () => {
  await screen?.close()
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })))
})

type Reset = (settle?: SettleOptions) => Promise<number>

async function launch(extensionDir: string): Promise<{ chrome: ChromeProcess; helpers: ChromeHelpers; reset: Reset }> {
  const chrome = await launchChrome({ display: screen.display, extensionDir, size: SIZE })
  const helpers = await ChromeHelpers.connect(chrome)
  const reset: Reset = async (settle) => (await resetBrowserState(helpers, { path: chrome.extensionPath!, loadUnpacked: () => chrome.loadUnpacked(chrome.extensionPath!) }, settle)).ms
  return { chrome, helpers, reset }
}

/** A whileSettling that records the pages listed as each of its runs starts. */
function pagesSeen(helpers: ChromeHelpers): SettleOptions & { seen: string[][] } {
  const seen: string[][] = []
  return { seen, whileSettling: async () => seen.push((await helpers.targets({ type: 'page' })).map((p) => p.url.replace(/^chrome-extension:\/\/\w+/, 'ID'))) }
}

/** The one tab's back and forward entries, after the test has taken it through `urls`. */
async function historyAfterReset(helpers: ChromeHelpers, reset: Reset, urls: string[]): Promise<{ currentIndex: number; urls: string[] }> {
  const [tab] = await helpers.targets({ type: 'page' })
  for (const url of urls) await helpers.navigate(tab!.id, url)
  await reset()
  const [kept] = await helpers.targets({ type: 'page' })
  const history = await helpers.session(kept!.id, (session) => session.send<{ currentIndex: number; entries: { url: string }[] }>('Page.getNavigationHistory'))
  return { currentIndex: history.currentIndex, urls: history.entries.map((e) => e.url) }
}

async function stored(helpers: ChromeHelpers): Promise<unknown> {
  const page = await helpers.openExtensionPage('manifest.json')
  try {
    return await helpers.evaluate({ url: page.url }, STORED)
  } finally {
    await helpers.closeTarget(page.id)
  }
}

describe('an extension with no worker, no storage permission and a key', () => {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
  let chrome: ChromeProcess
  let helpers: ChromeHelpers
  let reset: Reset

  beforeAll(async () => {
    const dir = await writeExtension({
      'manifest.json': { manifest_version: 3, name: 'Popup Only', version: '1.0', key, action: { default_popup: 'popup.html' } },
      'popup.html': '<!doctype html><p>Popup only</p><script src="popup.js"></script>',
      'popup.js': WRITE_ORIGIN_STORAGE,
    })
    ;({ chrome, helpers, reset } = await launch(dir))
  })
  afterAll(async () => {
    await helpers?.close()
    await chrome?.close()
  })

  it('is ready at launch under the ID its key gives, which the browser confirms', async () => {
    expect(chrome.extensionId).toBe(extensionIdForKey(key, 'manifest.json'))
    expect((await chrome.loadedExtensions()).map((e) => e.id)).toContain(chrome.extensionId)
    expect(await helpers.targets({ type: 'service_worker' })).toEqual([])
  })

  it('clears localStorage, IndexedDB and Cache Storage written by its page, and closes the page', async () => {
    const page = await helpers.openExtensionPage('popup.html')
    expect(await helpers.evaluate({ url: page.url }, 'written')).toBe(true)
    await helpers.openPage('about:blank#second')
    expect(await stored(helpers)).toEqual({ localStorage: 1, indexedDB: ['notes'], cacheStorage: ['popup-cache'], chromeStorage: 'none' })

    const settle = pagesSeen(helpers)
    await reset(settle)
    expect((await helpers.targets({ type: 'page' })).map((p) => p.url)).toEqual(['about:blank'])
    expect(await stored(helpers)).toEqual({ localStorage: 0, indexedDB: [], cacheStorage: [], chromeStorage: 'none' })
    // No worker, no onInstalled to wait for: the caller's wait runs once, on the state left.
    expect(settle.seen).toEqual([['about:blank']])
  })

  it('leaves the kept tab with no way back to the last file’s pages, as a tab at launch', async () => {
    expect(await historyAfterReset(helpers, reset, ['data:text/html,<p>one', 'data:text/html,<p>two'])).toEqual({ currentIndex: 0, urls: ['about:blank'] })
  })
})

describe('an extension with the storage permission and no worker', () => {
  let chrome: ChromeProcess
  let helpers: ChromeHelpers
  let reset: Reset
  let dir: string

  beforeAll(async () => {
    dir = await writeExtension({
      'manifest.json': { manifest_version: 3, name: 'Notes Popup', version: '1.0', permissions: ['storage'], action: { default_popup: 'popup.html' } },
      'popup.html': '<!doctype html><p>Notes v1</p><script src="popup.js"></script>',
      'popup.js': `globalThis.written = chrome.storage.local.set({ notes: ['left over'] }).then(() => chrome.storage.session.set({ open: true })).then(() => true)`,
    })
    ;({ chrome, helpers, reset } = await launch(dir))
  })
  afterAll(async () => {
    await helpers?.close()
    await chrome?.close()
  })

  it('clears chrome.storage from a page of its origin', async () => {
    const page = await helpers.openExtensionPage('popup.html')
    expect(await helpers.evaluate({ url: page.url }, 'written')).toBe(true)
    expect(await stored(helpers)).toMatchObject({ chromeStorage: { notes: ['left over'] } })
    await reset()
    expect((await helpers.targets({ type: 'page' })).map((p) => p.url)).toEqual(['about:blank'])
    expect(await stored(helpers)).toEqual({ localStorage: 0, indexedDB: [], cacheStorage: [], chromeStorage: {} })
  })

  it('reloads a rebuilt build in place, with no worker to wait for', async () => {
    await writeFile(join(dir, 'popup.html'), '<!doctype html><p>Notes v2</p>')
    await reloadExtension(helpers, await loadExtensionDir(dir), () => chrome.loadUnpacked(chrome.extensionPath!))
    const page = await helpers.openExtensionPage('popup.html')
    expect(await helpers.evaluate({ url: page.url }, 'document.body.innerText')).toBe('Notes v2')
  })

  it('a build rebuilt with the storage permission since it was loaded is loaded first, then cleared', async () => {
    const page = await helpers.openExtensionPage('manifest.json')
    await helpers.evaluate({ url: page.url }, `chrome.storage.local.set({ notes: ['left over'] }).then(() => true)`)
    const manifest = { manifest_version: 3, name: 'Notes Popup', version: '1.0', action: { default_popup: 'popup.html' } }
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest)) // a build without it, loaded
    await reloadExtension(helpers, await loadExtensionDir(dir), () => chrome.loadUnpacked(chrome.extensionPath!))
    expect(await stored(helpers)).toMatchObject({ chromeStorage: 'none' })
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, permissions: ['storage'] })) // rebuilt with it, not loaded
    await reset()
    expect(await stored(helpers)).toEqual({ localStorage: 0, indexedDB: [], cacheStorage: [], chromeStorage: {} })
  })
})

describe('an extension whose worker sets its side panel to open on an action click', () => {
  it('a reset gives the rebuilt worker the default behaviour back (Chrome keeps it across a reload)', async () => {
    const manifest = { manifest_version: 3, name: 'Panel', version: '1.0', permissions: ['sidePanel'], action: {}, side_panel: { default_path: 'panel.html' }, background: { service_worker: 'worker.js' } }
    const dir = await writeExtension({
      'manifest.json': manifest,
      'panel.html': '<!doctype html><p>Panel</p>',
      'worker.js': 'chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true })',
    })
    const { chrome, helpers, reset } = await launch(dir)
    const worker = { type: 'service_worker', url: `chrome-extension://${chrome.extensionId}/` }
    const opensOnClick = () => helpers.evaluate(worker, 'chrome.sidePanel.getPanelBehavior().then((b) => b.openPanelOnActionClick)')
    try {
      expect(await opensOnClick()).toBe(true)
      await writeFile(join(dir, 'worker.js'), '// no longer sets the behaviour')
      await reset()
      expect(await opensOnClick()).toBe(false)
    } finally {
      await helpers.close()
      await chrome.close()
    }
  })
})

describe('an extension with a worker that opens a tab on install, an offscreen document and a popup', () => {
  let chrome: ChromeProcess
  let helpers: ChromeHelpers
  let reset: Reset
  let worker: { type: string; url: string }

  beforeAll(async () => {
    const dir = await writeExtension({
      'manifest.json': {
        manifest_version: 3,
        name: 'Busy Worker',
        version: '1.0',
        permissions: ['storage', 'offscreen'],
        action: { default_popup: 'popup.html' },
        background: { service_worker: 'worker.js' },
      },
      // Opens its welcome tab on every install and update, the way careless extensions do.
      'worker.js': `chrome.runtime.onInstalled.addListener(({ reason }) => {
        chrome.storage.local.set({ reason })
        chrome.tabs.create({ url: 'welcome.html' })
      })`,
      'welcome.html': '<!doctype html><p>Welcome</p>',
      'popup.html': '<!doctype html><p>Popup</p>',
      'offscreen.html': '<!doctype html><p>Offscreen</p>',
    })
    ;({ chrome, helpers, reset } = await launch(dir))
    worker = { type: 'service_worker', url: `chrome-extension://${chrome.extensionId}/` }
  })
  afterAll(async () => {
    await helpers?.close()
    await chrome?.close()
  })

  it('closes the popup, the offscreen document and the welcome tab; clears storage the worker holds open', async () => {
    // (onInstalled runs once the worker has started: seconds after launch on two loaded cores)
    await helpers.waitForTarget({ type: 'page', url: /welcome\.html$/ }, { timeout: 30_000 })
    await helpers.evaluate(worker, `chrome.storage.local.set({ notes: ['left over'] }).then(() => true)`)
    await helpers.evaluate(worker, `chrome.offscreen.createDocument({ url: 'offscreen.html', reasons: ['DOM_PARSER'], justification: 'test' }).then(() => true)`)
    // An IndexedDB connection the worker keeps open: its deletion waits for the reload to close it.
    await helpers.evaluate(worker, `new Promise((resolve) => {
      const open = indexedDB.open('worker-db', 1)
      open.onupgradeneeded = () => open.result.createObjectStore('s')
      open.onsuccess = () => { globalThis.db = open.result; resolve(true) }
    })`)
    await helpers.evaluate(worker, 'chrome.action.openPopup().then(() => true)', { userGesture: true })
    await helpers.waitForTarget({ url: /popup\.html$/ })
    await helpers.waitForTarget({ url: /offscreen\.html$/ })

    const settle = pagesSeen(helpers)
    await reset(settle)
    // The caller's wait ran alongside the wait for onInstalled, and again once its welcome tab was closed.
    expect(settle.seen).toHaveLength(2)
    expect(settle.seen[1]).toEqual(['about:blank'])
    const left = (await helpers.targets()).filter((t) => t.type !== 'browser_ui')
    expect(left.map((t) => `${t.type} ${t.url.replace(chrome.extensionId!, 'ID')}`).sort()).toEqual(['page about:blank', 'service_worker chrome-extension://ID/worker.js'])
    // Only what the reload's onInstalled wrote: its reason is 'update'.
    expect(await stored(helpers)).toEqual({ localStorage: 0, indexedDB: [], cacheStorage: [], chromeStorage: { reason: 'update' } })
  })

  it('leaves the kept tab on a new start page with no history, the pages that cleared its storage included', async () => {
    expect(await historyAfterReset(helpers, reset, ['data:text/html,<p>one'])).toEqual({ currentIndex: 0, urls: ['about:blank'] })
    const [tab] = await helpers.targets({ type: 'page' })
    // A new document, not the last file's: what a page script set there is gone.
    await helpers.evaluate({ url: 'about:blank' }, 'globalThis.leftOver = 1')
    await reset()
    expect(await helpers.evaluate({ url: 'about:blank' }, 'typeof globalThis.leftOver')).toBe('undefined')
    expect((await helpers.targets({ type: 'page' }))[0]!.id).toBe(tab!.id)
  })

  it('resets again at once: nothing of the last file is left to close', async () => {
    await helpers.openPage('about:blank#third')
    const ms = await reset()
    expect((await helpers.targets({ type: 'page' })).map((p) => p.url)).toEqual(['about:blank'])
    expect(ms).toBeLessThan(10_000)
  })
})

describe('the pool, when a reset step cannot run', () => {
  it('names the extension and the step, and gives that file a fresh browser', async () => {
    const manifest = { manifest_version: 3, name: 'Gets A Key', version: '1.0', action: { default_popup: 'popup.html' } }
    const dir = await writeExtension({ 'manifest.json': manifest, 'popup.html': '<!doctype html><p>Popup</p>' })
    const lines: string[] = []
    const pool = new BrowserPool({ size: SIZE, log: (line) => lines.push(line) })
    try {
      const first = await pool.lease('1', dir)
      // Between two files the manifest gains a key (as when a store ID is pinned): the running
      // browser has the extension under its path ID, so the reset cannot bring it back as it is now.
      const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
      await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, key }))
      const second = await pool.lease('1', dir)
      expect(second.reused).toBe(false)
      expect(second.pid).not.toBe(first.pid)
      expect(second.endpoint.extensionId).toBe(extensionIdForKey(key, 'manifest.json'))
      expect(lines).toEqual([
        `agentprobe: the reset between test files failed for the extension "Gets A Key" (${second.endpoint.extensionId}) at "check its ID": ` +
          `the browser runs it as ${first.endpoint.extensionId}; its manifest now gives ${second.endpoint.extensionId} (was "key" changed?); ` +
          'this test file gets a fresh browser',
      ])
      // And the fresh browser resets in place from then on.
      expect((await pool.lease('1', dir)).reused).toBe(true)
    } finally {
      await pool.close()
    }
  })
})

describe('the pool, between two files', () => {
  // A worker's side of a lease, as the fixtures connect: CDP to the browser, its pipe relayed by the pool.
  const connect = async (pool: BrowserPool, lease: Lease, slot = '1') => {
    const { chrome } = await connectBrowser(lease.endpoint, { display: lease.display, relay: (method, params) => pool.pipe(slot, method, params) as never })
    return chrome!
  }
  const writeTally = (version: string) =>
    writeExtension({
      'manifest.json': { manifest_version: 3, name: 'Tally', version, permissions: ['storage'], background: { service_worker: 'worker.js' }, action: { default_popup: 'popup.html' } },
      'worker.js': "chrome.runtime.onInstalled.addListener(({ reason }) => chrome.storage.local.set({ reason }))",
      'popup.html': '<!doctype html><p>Tally</p>',
    })

  it('resets a released slot ahead: the next lease finds the state a reset leaves, and only the same build counts', async () => {
    const dir = await writeTally('1.0')
    const pool = new BrowserPool({ size: SIZE })
    try {
      const first = await pool.lease('1', dir)
      expect(first.resetAhead).toBe(false)
      // (the worker's screen takes the display's size from the lease rather than ask the server)
      expect(first.size).toEqual({ width: SIZE.width, height: SIZE.height })
      let chrome = await connect(pool, first)
      await chrome.openExtensionPage('popup.html')
      await chrome.evaluate({ type: 'service_worker' }, "chrome.storage.local.set({ left: 'by the first file' })")
      await chrome.close()
      pool.release('1')

      const second = await pool.lease('1', dir)
      expect(second).toMatchObject({ reused: true, resetAhead: true, pid: first.pid })
      chrome = await connect(pool, second)
      expect((await chrome.targets({ type: 'page' })).map((p) => p.url)).toEqual(['about:blank'])
      expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.storage.local.get()')).toEqual({ reason: 'update' })
      await chrome.close()

      // Rebuilt between the release and the next lease: that lease loads the new build itself.
      pool.release('1')
      await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')), version: '2.0' }))
      const third = await pool.lease('1', dir)
      expect(third).toMatchObject({ reused: true, resetAhead: false, pid: first.pid })
      chrome = await connect(pool, third)
      expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.getManifest().version')).toBe('2.0')
      await chrome.evaluate({ type: 'service_worker' }, "chrome.storage.local.set({ left: 'by the third file' })")
      await chrome.close()

      // Rebuilt and reloaded by the pool (as watch mode does) while no file holds the browser: the
      // reset runs ahead again, on that build.
      pool.release('1')
      await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')), version: '3.0' }))
      expect((await pool.reload(dir)).browsers).toBe(1)
      const fourth = await pool.lease('1', dir)
      expect(fourth).toMatchObject({ reused: true, resetAhead: true, pid: first.pid })
      chrome = await connect(pool, fourth)
      expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.getManifest().version')).toBe('3.0')
      expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.storage.local.get()')).toEqual({ reason: 'update' })
      await chrome.close()
    } finally {
      await pool.close()
    }
  })

  // A file that leaves a tab open as it lets go of the slot; whether that tab is still open a while
  // later (looked at only where nothing should reset it: a reset ahead shows in the next lease).
  const leaveTabOpen = async (pool: BrowserPool, dir: string): Promise<Lease> => {
    const lease = await pool.lease('1', dir)
    const chrome = await connect(pool, lease)
    await chrome.openPage('about:blank#left-open')
    await chrome.close()
    pool.release('1')
    return lease
  }
  const stillOpen = async (pool: BrowserPool, lease: Lease) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const chrome = await connect(pool, lease)
    const open = (await chrome.targets({ type: 'page' })).some((p) => p.url === 'about:blank#left-open')
    await chrome.close()
    return open
  }

  it('leaves the last file’s screen in place on a display the user named, until the next lease', async () => {
    const dir = await writeTally('1.0')
    const pool = new BrowserPool({ size: SIZE, display: screen.display })
    try {
      expect(await stillOpen(pool, await leaveTabOpen(pool, dir))).toBe(true)
      expect(await pool.lease('1', dir)).toMatchObject({ reused: true, resetAhead: false })
    } finally {
      await pool.close()
    }
  })

  it('resets ahead only while the run has files left to lease', async () => {
    const dir = await writeTally('1.0')
    const pool = new BrowserPool({ size: SIZE })
    try {
      pool.expectLeases(2)
      await leaveTabOpen(pool, dir)
      const second = await leaveTabOpen(pool, dir)
      expect(second.resetAhead).toBe(true)
      // The run's last file: its browser is left as it is.
      expect(await stillOpen(pool, second)).toBe(true)
      expect(await pool.lease('1', dir)).toMatchObject({ reused: true, resetAhead: false })
    } finally {
      await pool.close()
    }
  })

  it('launches the run’s first browsers ahead, one per slot, each taken as it stands by the first lease of a slot', async () => {
    const dir = await writeTally('1.0')
    const pool = new BrowserPool({ size: SIZE })
    try {
      pool.launchAhead(2, dir)
      const [first, second] = await Promise.all([pool.lease('1', dir), pool.lease('2', dir)])
      expect(first).toMatchObject({ launchedAhead: true, reused: false, resetAhead: false })
      expect(second).toMatchObject({ launchedAhead: true, reused: false, resetAhead: false })
      expect(second.pid).not.toBe(first.pid)
      expect(second.display).not.toBe(first.display)
      for (const [lease, slot] of [[first, '1'], [second, '2']] as const) {
        const chrome = await connect(pool, lease, slot)
        expect((await chrome.targets({ type: 'page' })).map((p) => p.url)).toEqual(['about:blank'])
        // (as launched: no reset, no reload, has run yet)
        expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.storage.local.get()')).toEqual({ reason: 'install' })
        await chrome.close()
      }
      // Both slots run a browser: a run asking for two again launches none, and a third slot starts its own.
      pool.launchAhead(2, dir)
      expect(await pool.lease('3', dir)).toMatchObject({ launchedAhead: false, reused: false })
    } finally {
      await pool.close()
    }
  })

  it('a browser launched ahead of a build that changed before its lease is reset onto that build, not taken as it stands', async () => {
    const dir = await writeTally('1.0')
    const pool = new BrowserPool({ size: SIZE })
    try {
      pool.launchAhead(1, dir)
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')), version: '2.0' }))
      const lease = await pool.lease('1', dir)
      expect(lease).toMatchObject({ launchedAhead: false, reused: true })
      const chrome = await connect(pool, lease)
      expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.getManifest().version')).toBe('2.0')
      await chrome.close()
    } finally {
      await pool.close()
    }
  })
})
