// The reset between test files leaves what a launch leaves, where a file could tell the
// difference and pass or fail by the order it ran in: the keyboard in the address bar (a URL typed
// first went into the page the last file focused), no cookie or storage of a site the last file
// visited (its login was still there), and no file the last one downloaded (downloads go to the
// profile, not to the user's own Downloads). Real Chromium and Firefox, real keys, a real HTTP server.
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForBrowserDrawn } from '../src/browser-pool/browser-drawn.ts'
import type { Browser, ChromeFixture } from '../src/targets/browser.ts'
import { connectBrowser, launchBrowser } from '../src/targets/browsers.ts'
import type { PipeCall } from '../src/targets/chrome/endpoint.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'
import { writeOriginStores } from './origin-stores.ts'

const extension = (name: string) => fileURLToPath(new URL(`../fixtures/extensions/${name}`, import.meta.url))
const SIZE = { width: 1280, height: 720 }
const closers: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined)
})

// A site that logs in (a cookie) and keeps data in every store a page has, a service worker too.
const site = createServer((request, response) => {
  if (request.url === '/sw.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end('self.addEventListener("fetch", () => {})')
  const download = request.url?.match(/^\/download\/([\w.-]+)$/)?.[1]
  if (download) return response.writeHead(200, { 'content-type': 'text/plain', 'content-disposition': `attachment; filename="${download}"` }).end('notes')
  response.writeHead(200, { 'content-type': 'text/html', ...(request.url === '/login' && { 'set-cookie': 'session=signed-in; Path=/' }) }).end('<title>site</title><p>site')
})
let origin: string
beforeAll(async () => {
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening))
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  closers.push(async () => {
    site.closeAllConnections()
    site.close()
  })
})
const WRITE_SITE_DATA = writeOriginStores('pages', "await navigator.serviceWorker.register('/sw.js')")
const READ_SITE_DATA = `(async () => ({
  cookie: document.cookie,
  localStorage: localStorage.length,
  indexedDB: (await indexedDB.databases()).map((d) => d.name),
  cacheStorage: await caches.keys(),
  serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
}))()`

/** What the site holds, read from a page of it opened in the one tab. */
async function siteData(chrome: ChromeFixture, path: string): Promise<unknown> {
  const [tab] = await chrome.targets({ type: 'page' })
  await chrome.navigate(tab!.id, `${origin}${path}`)
  return chrome.evaluate({ type: 'page', url: `${origin}${path}` }, READ_SITE_DATA)
}

async function start(name: 'chromium' | 'firefox', folder: string): Promise<{ screen: X11Screen; browser: Browser; chrome: ChromeFixture }> {
  const screen = await X11Screen.start(SIZE)
  closers.push(() => screen.close())
  const browser = await launchBrowser(name, { display: screen.display, size: SIZE, extension: extension(folder) })
  closers.push(() => browser.close())
  const relay: PipeCall = (method, params) => browser.relay(method, params) as never
  const connection = await connectBrowser(browser.endpoint, { display: screen.display, relay })
  closers.push(() => connection.close())
  await waitForBrowserDrawn(screen, { pinnedIcon: true })
  return { screen, browser, chrome: connection.requireChrome() }
}

/** Types a URL and Enter, as a test's first step might; resolves once the one tab shows it, else fails with the URLs the tabs show. */
async function typeUrl(screen: X11Screen, chrome: ChromeFixture, mark: string): Promise<void> {
  await screen.settle({ stableMs: 200, reactionMs: 300, timeoutMs: 5000 })
  await screen.perform({ type: 'type', text: `data:text/html,${mark}` })
  await screen.perform({ type: 'keypress', keys: ['Enter'] })
  await expect.poll(() => chrome.targets({ type: 'page' }).then((pages) => pages.map((p) => p.url)), { timeout: 10_000 }).toEqual([`data:text/html,${mark}`])
}

/** The page's pixels below the toolbar, once the screen is still. */
async function pageArea(screen: X11Screen): Promise<Buffer> {
  await screen.settle({ stableMs: 200, reactionMs: 300, timeoutMs: 5000 })
  return sharp(await (await screen.capture()).png()).extract({ left: 0, top: 200, width: SIZE.width, height: SIZE.height - 200 }).raw().toBuffer()
}

describe.each(['chromium', 'firefox'] as const)('%s', (name) => {
  let launched: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    launched = await start(name, 'cross-browser-surfaces')
  })

  it('after a reset, a URL typed first goes into the address bar, and the page shows as at launch', async () => {
    const { screen, browser, chrome } = launched
    const atLaunch = await pageArea(screen)
    await typeUrl(screen, chrome, 'launch')
    await browser.reset({})
    // (Firefox's new tab showed its grey panel, not the loaded blank page's white)
    expect((await pageArea(screen)).equals(atLaunch), 'the page area as at launch').toBe(true)
    await typeUrl(screen, chrome, 'first-reset')
    await browser.reset({})
    await typeUrl(screen, chrome, 'second-reset')
  })

  it("after a reset, a site the last file signed into has no cookie and none of its storage, as at launch", async () => {
    const { browser, chrome } = launched
    const [tab] = await chrome.targets({ type: 'page' })
    await chrome.navigate(tab!.id, `${origin}/login`)
    expect(await chrome.evaluate({ type: 'page', url: `${origin}/login` }, WRITE_SITE_DATA)).toBe(true)
    expect(await siteData(chrome, '/')).toEqual({ cookie: 'session=signed-in', localStorage: 1, indexedDB: ['notes'], cacheStorage: ['pages'], serviceWorkers: 1 })
    // Left in the tab's history only, as a file that went on to another page leaves it.
    await chrome.navigate(tab!.id, 'about:blank')
    await browser.reset({})
    expect(await siteData(chrome, '/')).toEqual({ cookie: '', localStorage: 0, indexedDB: [], cacheStorage: [], serviceWorkers: 0 })
  })

  it("a download goes to the profile's folder, not the Downloads of whoever runs the tests, and the reset empties it", async () => {
    const { browser, chrome } = launched
    const file = `agentprobe-${name}-${process.pid}-${Date.now()}.txt`
    const [tab] = await chrome.targets({ type: 'page' })
    await chrome.navigate(tab!.id, `${origin}/`)
    await chrome.evaluate({ type: 'page', url: `${origin}/` }, `(() => { const a = document.createElement('a'); a.href = '/download/${file}'; document.body.append(a); a.click(); return true })()`)
    const folder = chrome.downloadFolder()
    await expect.poll(() => readdir(folder), { timeout: 10_000 }).toEqual([file])
    expect(await readFile(join(folder, file), 'utf8')).toBe('notes')
    expect(existsSync(join(homedir(), 'Downloads', file))).toBe(false)
    await browser.reset({})
    expect(await readdir(folder)).toEqual([])
  })
})

it('chromium: after a switch to another extension, a URL typed first goes into the address bar', async () => {
  const { screen, browser, chrome } = await start('chromium', 'popup-only')
  await typeUrl(screen, chrome, 'launch')
  expect(await browser.switchExtension?.(extension('sidepanel'), {})).toBe(true)
  await typeUrl(screen, chrome, 'switched')
})
