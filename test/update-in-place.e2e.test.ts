// Release day: the version users have installed first (from a folder, a store zip, a git tag and
// its build), then the build under test as Chrome's update, in one real Chromium leased as a test
// worker leases it; and the reset that gives the next file the build under test again. On Firefox
// the same from a folder, the gecko id keeping the identity.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execa } from 'execa'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { leaseBrowser, type LeasedBrowser } from '../src/browser-pool/browser-lease.ts'
import { BrowserPool } from '../src/browser-pool/browser-pool.ts'
import { startPoolServer, type PoolServer } from '../src/browser-pool/pool-server.ts'
import { extensionIdForPath } from '../src/targets/chrome/extension-id.ts'
import { EXTENSION_LOAD_MS } from '../src/targets/chrome/extension-reload.ts'

// Version 1 keeps the colour at the top level; version 2 keeps it under `settings` and moves it on update.
const WORKER = {
  '1.0.0': `chrome.runtime.onInstalled.addListener(async (details) => {
    const { log = [] } = await chrome.storage.local.get('log')
    await chrome.storage.local.set({ log: [...log, { ...details, version: '1.0.0' }] })
  })`,
  '2.0.0': `chrome.runtime.onInstalled.addListener(async (details) => {
    const { log = [], color } = await chrome.storage.local.get(['log', 'color'])
    if (details.reason === 'update' && color !== undefined) {
      await chrome.storage.local.set({ settings: { color } })
      await chrome.storage.local.remove('color')
    }
    await chrome.storage.local.set({ log: [...log, { ...details, version: '2.0.0' }] })
  })`,
}
const files = (version: keyof typeof WORKER) => ({
  'manifest.json': JSON.stringify({ manifest_version: 3, name: 'Settings Keeper', version, permissions: ['storage'], background: { service_worker: 'worker.js' }, action: { default_title: 'Settings Keeper' } }),
  'worker.js': WORKER[version],
})
const WORKER_TARGET = { type: 'service_worker' }
const STORED = 'chrome.storage.local.get(null)'
interface Stored {
  log?: { reason: string; previousVersion?: string; version: string }[]
  color?: string
  settings?: { color: string }
}

let dir: string
let build: string
let pool: BrowserPool
let server: PoolServer
let browser: LeasedBrowser

async function writeFolder(folder: string, content: Record<string, string>): Promise<string> {
  await mkdir(folder, { recursive: true })
  for (const [name, text] of Object.entries(content)) await writeFile(join(folder, name), text)
  return folder
}

// The log onInstalled writes lands after the worker answers: poll for it (as long as a worker may take to start on a loaded machine).
async function stored(until: (s: Stored) => boolean): Promise<Stored> {
  let last: Stored = {}
  await expect.poll(async () => until((last = await browser.requireChrome().evaluate<Stored>(WORKER_TARGET, STORED))), { timeout: EXTENSION_LOAD_MS }).toBe(true)
  return last
}

// Whether Chrome shows the action on the toolbar, as chrome://extensions says (its "Pin to toolbar" switch).
async function pinned(): Promise<boolean> {
  const chrome = browser.requireChrome()
  const page = await chrome.openPage('chrome://extensions', { hidden: true })
  try {
    return await chrome.evaluate<boolean>({ type: page.type, url: page.url }, `chrome.developerPrivate.getExtensionInfo(${JSON.stringify(chrome.extensionId)}).then((info) => info.pinnedToToolbar)`)
  } finally {
    await chrome.closeTarget(page.id)
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-update-'))
  build = await writeFolder(join(dir, 'build'), files('2.0.0'))
  pool = new BrowserPool({ size: { width: 1280, height: 720 }, log: () => undefined })
  server = await startPoolServer(pool)
  browser = await leaseBrowser(server.url, 'update', build)
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await pool?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('chrome.installVersion, then chrome.update', () => {
  it('keeps the ID and the storage of a folder version, fires onInstalled with update and previousVersion, and runs the migration', async () => {
    const chrome = browser.requireChrome()
    const launched = chrome.extensionId
    expect(launched).toBe(extensionIdForPath(build))
    await expect(chrome.update()).rejects.toThrow('call chrome.installVersion(source) first')

    const installed = await chrome.installVersion(await writeFolder(join(dir, 'v1'), files('1.0.0')))
    expect(installed.version).toBe('1.0.0')
    expect(installed.id).not.toBe(launched)
    expect(chrome.extensionId).toBe(installed.id)
    expect(await pinned()).toBe(true)
    await stored((s) => s.log?.length === 1)
    await chrome.evaluate(WORKER_TARGET, `chrome.storage.local.set({ color: 'teal' })`)

    const updated = await chrome.update()
    expect(updated).toMatchObject({ id: installed.id, version: '2.0.0', previousVersion: '1.0.0' })
    const after = await stored((s) => s.log?.length === 2)
    expect(after.log).toEqual([
      { reason: 'install', version: '1.0.0' },
      { reason: 'update', previousVersion: '1.0.0', version: '2.0.0' },
    ])
    expect(after).toMatchObject({ settings: { color: 'teal' } })
    expect(after.color).toBeUndefined()
    expect(await chrome.evaluate(WORKER_TARGET, 'chrome.runtime.getManifest().version')).toBe('2.0.0')
    expect(await pinned()).toBe(true)
  })

  it('starts again from a store zip: the version installed before and its data are gone', async () => {
    const chrome = browser.requireChrome()
    const zip = join(dir, 'store-1.0.0.zip')
    await writeFile(zip, zipSync(Object.fromEntries(Object.entries(files('1.0.0')).map(([name, text]) => [name, strToU8(text)]))))
    await chrome.installVersion(zip)
    expect(await stored((s) => s.log?.length === 1)).toEqual({ log: [{ reason: 'install', version: '1.0.0' }] })
    expect((await chrome.update()).previousVersion).toBe('1.0.0')
  })

  it('builds a git tag once and installs what its build wrote', async () => {
    const repo = await writeFolder(join(dir, 'repo'), { ...files('1.0.0'), 'build.mjs': `import { cpSync, mkdirSync } from 'node:fs'\nmkdirSync('dist')\nfor (const f of ['manifest.json', 'worker.js']) cpSync(f, 'dist/' + f)\n` })
    const git = (...args: string[]) => execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo })
    await git('init', '-q')
    await git('add', '.')
    await git('commit', '-qm', 'release 1.0.0')
    await git('tag', 'v1.0.0')
    const source = { git: 'v1.0.0', build: 'node build.mjs', output: 'dist' }
    const installed = await browser.requireChrome().installVersion(source, { cwd: repo })
    expect(installed.version).toBe('1.0.0')
    expect(await stored((s) => s.log?.length === 1)).toEqual({ log: [{ reason: 'install', version: '1.0.0' }] })
  })

  it('gives the next file the build under test from its own folder, fresh', async () => {
    await browser.close()
    browser = await leaseBrowser(server.url, 'update', build)
    const chrome = browser.requireChrome()
    expect(chrome.extensionId).toBe(extensionIdForPath(build))
    const loaded = await chrome.pipe<{ extensions: { id: string; path: string }[] }>('Extensions.getExtensions')
    expect(loaded.extensions).toEqual([expect.objectContaining({ id: extensionIdForPath(build), path: build })])
    expect(await pinned()).toBe(true)
    // Its storage was cleared and it was reloaded (onInstalled says 'update' after every reset): no setting of the last file is left.
    expect(await stored((s) => s.log?.length === 1)).toEqual({ log: [expect.objectContaining({ version: '2.0.0' })] })
  })
})

describe('on Firefox: chrome.installVersion, then chrome.update, the gecko id keeping the identity', () => {
  const GECKO_ID = 'settings-keeper@agentprobe.test'
  // Firefox runs background.scripts as an event page; the older version declares no gecko id (installVersion gives it the build's).
  const firefoxFiles = (version: keyof typeof WORKER, gecko: boolean) => ({
    'manifest.json': JSON.stringify({
      manifest_version: 3,
      name: 'Settings Keeper',
      version,
      permissions: ['storage'],
      background: { scripts: ['worker.js'] },
      action: { default_title: 'Settings Keeper' },
      ...(gecko && { browser_specific_settings: { gecko: { id: GECKO_ID } } }),
    }),
    'worker.js': WORKER[version],
  })

  it("keeps the add-on's storage and origin across the update, fires onInstalled with update and previousVersion, and gives the next file the build fresh", async () => {
    const firefoxBuild = await writeFolder(join(dir, 'firefox-build'), firefoxFiles('2.0.0', true))
    const firefoxPool = new BrowserPool({ size: { width: 1280, height: 720 }, browser: 'firefox', log: () => undefined })
    const firefoxServer = await startPoolServer(firefoxPool)
    onTestFinished(async () => {
      await firefoxServer.close()
      await firefoxPool.close()
    })
    let firefox = await leaseBrowser(firefoxServer.url, 'update-firefox', firefoxBuild)
    onTestFinished(() => firefox.close())
    const log = async (length: number) => {
      let last: Stored = {}
      await expect.poll(async () => ((last = await firefox.requireChrome().storage('local')) as Stored).log?.length, { timeout: 10_000 }).toBe(length)
      return last
    }
    const chrome = firefox.requireChrome()
    await expect(chrome.update()).rejects.toThrow('call chrome.installVersion(source) first')

    const installed = await chrome.installVersion(await writeFolder(join(dir, 'firefox-v1'), firefoxFiles('1.0.0', false)))
    expect(installed).toMatchObject({ id: GECKO_ID, version: '1.0.0' })
    expect((await log(1)).log).toEqual([expect.objectContaining({ reason: 'install', version: '1.0.0' })])
    await chrome.evaluate(WORKER_TARGET, `chrome.storage.local.set({ color: 'teal' })`)
    const origin = await chrome.evaluate<string>(WORKER_TARGET, 'location.origin')

    const updated = await chrome.update()
    console.log(`Firefox: installVersion ${installed.ms} ms, update ${updated.ms} ms`)
    expect(updated).toMatchObject({ id: GECKO_ID, version: '2.0.0', previousVersion: '1.0.0' })
    const after = await log(2)
    expect(after.log).toEqual([expect.objectContaining({ reason: 'install', version: '1.0.0' }), expect.objectContaining({ reason: 'update', previousVersion: '1.0.0', version: '2.0.0' })])
    expect(after).toMatchObject({ settings: { color: 'teal' } })
    expect(after.color).toBeUndefined()
    expect(await chrome.evaluate(WORKER_TARGET, 'chrome.runtime.getManifest().version')).toBe('2.0.0')
    expect(await chrome.evaluate(WORKER_TARGET, 'location.origin')).toBe(origin)

    // The next file: the reset installs the build from its folder as a new user gets it.
    await firefox.close()
    firefox = await leaseBrowser(firefoxServer.url, 'update-firefox', firefoxBuild)
    expect(firefox.lease.reused).toBe(true)
    const fresh = await log(1)
    expect(fresh).toEqual({ log: [expect.objectContaining({ reason: 'install', version: '2.0.0' })] })
  })
})
