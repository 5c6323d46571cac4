// The extension's action, its service worker and its context menu, driven the way a test worker
// does: through a leased browser whose DevTools pipe stays in the pool's process (Extensions.*
// calls are relayed there), on a real Chromium and a real Xvfb, with the Wake Counter fixture.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leaseBrowser, type LeasedBrowser } from '../src/browser-pool/browser-lease.ts'
import { BrowserPool } from '../src/browser-pool/browser-pool.ts'
import { startPoolServer, type PoolServer } from '../src/browser-pool/pool-server.ts'
import { Locator } from '../src/grounding/locate.ts'
import { OfflineModel } from '../src/models/offline/offline-model.ts'
import { iconOracle } from '../src/session/icon-oracle.ts'
import { TestSession } from '../src/session/test-session.ts'
import { ScriptedModel } from '../src/testing/scripted-model.ts'

const EXTENSION = resolve('fixtures/extensions/worker-menu')
const POPUP = { type: 'page', url: /popup\.html$/ }

let pool: BrowserPool
let server: PoolServer
let browser: LeasedBrowser
beforeAll(async () => {
  pool = new BrowserPool({ size: { width: 1280, height: 720 }, log: () => undefined })
  server = await startPoolServer(pool)
  browser = await leaseBrowser(server.url, 'worker-and-action', EXTENSION)
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await pool?.close()
})

describe('triggerAction', () => {
  it('opens the popup without pixels, through the relayed pipe', async () => {
    const chrome = browser.requireChrome()
    expect(await chrome.targets(POPUP)).toEqual([])
    const { opened, ms } = await chrome.triggerAction()
    expect(opened.map((t) => t.url)).toEqual([`chrome-extension://${chrome.extensionId}/popup.html`])
    expect(ms).toBeLessThan(2000)
    await chrome.closeTarget(opened[0]!.id)
  })

  it('says which method failed when the pipe refuses it', async () => {
    await expect(browser.requireChrome().pipe('Extensions.noSuchMethod')).rejects.toThrow(/Extensions\.noSuchMethod failed: .*wasn't found/)
  })
})

// The popup's own button asks the worker to count: what it answers shows whether it kept its globals.
const COUNT = `chrome.runtime.sendMessage('count')`

describe('the service worker', () => {
  it('is stopped as when idle, and the next message wakes it without its globals', async () => {
    const chrome = browser.requireChrome()
    const popup = await chrome.openExtensionPage('popup.html')
    const first = await chrome.evaluate<{ counted: number; total: number; startedAt: number }>({ url: /popup\.html$/ }, COUNT)
    expect(await chrome.serviceWorkerState()).toBe('running')
    const { ms } = await chrome.stopServiceWorker()
    expect(ms).toBeLessThan(5000)
    expect(await chrome.serviceWorkerState()).toBe('stopped')
    expect(await chrome.targets({ type: 'service_worker' })).toEqual([])
    // A message from the page is a real event: Chrome starts the worker again to deliver it.
    const second = await chrome.evaluate<typeof first>({ url: /popup\.html$/ }, COUNT)
    expect(second).toMatchObject({ counted: 1, total: first.total + 1 })
    expect(second.startedAt).toBeGreaterThan(first.startedAt)
    expect(await chrome.serviceWorkerState()).toBe('running')
    await chrome.closeTarget(popup.id)
  })

  it('reloads with onInstalled reason update', async () => {
    const chrome = browser.requireChrome()
    const reason = () => chrome.evaluate({ type: 'service_worker' }, `chrome.storage.local.get('installReason').then((s) => s.installReason)`)
    expect(await reason()).toBe('install')
    await chrome.reloadExtension()
    // The new worker answers before its onInstalled handler's storage write lands.
    await expect.poll(reason, { timeout: 5000 }).toBe('update')
  })
})

describe('the icon-click oracle', () => {
  it('says a failed run whose icon click left nothing open had an action that works without pixels', async () => {
    const { screen } = browser
    const chrome = browser.requireChrome()
    const locator = new Locator()
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-oracle-'))
    try {
      const slot = (await locator.locate(await screen.capture(), { toolbarSlot: true })).located
      expect(slot?.via).toBe('toolbar-slot')
      let popupsAfterClick = 0
      // A run that really clicks the icon, loses the popup (Escape) and gives up.
      const model = new ScriptedModel([
        { status: 'continue', actions: [{ type: 'click', x: slot!.center.x, y: slot!.center.y, button: 'left' }] },
        async () => {
          popupsAfterClick = (await chrome.targets(POPUP)).length
          return { status: 'continue', actions: [{ type: 'keypress', keys: ['Escape'] }] }
        },
        // The model gives up on a screen without the popup; the browser lists it a moment longer
        // on loaded cores, and an open page of the extension would rightly keep the oracle quiet.
        async () => {
          await expect.poll(async () => (await chrome.targets(POPUP)).length, { timeout: 10_000 }).toBe(0)
          return { status: 'failed', actions: [], text: "no 'Count me' button on screen" }
        },
      ])
      const session = new TestSession({ screen, model, locator, dir, test: { name: 'oracle' }, artifacts: { gif: false }, explainFailure: (run) => iconOracle(run, { chrome, screen, locator }) })
      const failed = session.agent.do("Click the extension icon, then click 'Count me'.", { maxSteps: 5 })
      await expect(failed).rejects.toThrow(/oracle: the icon click \(step 1\) left no page of the extension open, but triggerAction opened popup\.html in \d+ ms: a pinning, hit-target or gesture problem/)
      expect(popupsAfterClick).toBe(1)
      expect(session.writer.trace.runs[0]?.oracle).toMatch(/^the icon click/)
      // The twin's popup is closed again: the browser is as the pixel run left it.
      expect(await chrome.targets(POPUP)).toEqual([])
    } finally {
      await locator.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

// A page with something for each context: plain text, a sentence to select, a link, an image
// whose pixels carry a word OCR reads; and a button named like the page's menu item, which the
// menu opens beside, so a label after a right-click must be taken from the menu.
const PHOTO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="260" height="80"><rect width="260" height="80" fill="#dfe8f5"/><text x="18" y="52" font-size="32" font-family="sans-serif">Harbor photo</text></svg>')}`
const PAGE = `<!doctype html><title>Menu page</title><body style="font: 22px sans-serif; margin: 40px">
<p>Plain words here for a quiet page.</p><p>Some quotable sentence to select.</p>
<p><a href="/docs">Read the docs</a></p><img src="${PHOTO}" alt="harbor">
<button style="position: absolute; left: 700px; top: 40px; font: 22px sans-serif">Stamp this page</button></body>`

describe('context menus', () => {
  let server: Server
  let url: string
  beforeAll(async () => {
    server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)).listen(0, '127.0.0.1')
    await new Promise((done) => server.once('listening', done))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  // Chromium keeps its connections to the page alive: close them, or close() waits for them.
  afterAll(() => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))))

  it('lists the items as Chrome registered them', async () => {
    const items = await browser.requireChrome().contextMenu({ waitFor: 'Save this image' })
    expect(items.map(({ id, title, contexts, type, enabled }) => ({ id, title, contexts, type, enabled }))).toEqual([
      { id: 'stamp-page', title: 'Stamp this page', contexts: ['page'], type: 'normal', enabled: true },
      { id: 'quote-selection', title: 'Quote "%s"', contexts: ['selection'], type: 'normal', enabled: true },
      { id: 'save-link', title: 'Save this link', contexts: ['link'], type: 'normal', enabled: true },
      { id: 'save-image', title: 'Save this image', contexts: ['image'], type: 'normal', enabled: true },
    ])
    await expect(browser.requireChrome().contextMenu({ waitFor: 'Never registered', timeout: 300 })).rejects.toThrow(/no item titled Never registered was registered within 300 ms \(registered: 'Stamp this page', 'Quote "%s"'/)
  })

  it('are reached by real right-clicks on a page, a selection, a link and an image, and clicked by label', async () => {
    const { screen } = browser
    const chrome = browser.requireChrome()
    const locator = new Locator()
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-menu-'))
    const page = await chrome.openPage(url)
    const lastMenu = () => chrome.evaluate<Record<string, string> | undefined>({ type: 'service_worker' }, `chrome.storage.local.get('lastMenu').then((s) => s.lastMenu)`)
    try {
      const session = new TestSession({ screen, model: new OfflineModel({ locator }), locator, dir, test: { name: 'menus' }, artifacts: { gif: false } })
      const cases: [string, Record<string, string>][] = [
        ["Right-click 'Plain words here', then click 'Stamp this page'.", { menuItemId: 'stamp-page', pageUrl: url }],
        ["Right-click 'Plain words here', then click 'Stamp this page' in the context menu.", { menuItemId: 'stamp-page', pageUrl: url }],
        ["Select the text 'quotable sentence', then right-click it, then click 'Quote'.", { menuItemId: 'quote-selection', selectionText: 'quotable sentence' }],
        ["Right-click the 'Read the docs' link, then click 'Save this link'.", { menuItemId: 'save-link', linkUrl: `${url}docs` }],
        ["Right-click 'Harbor photo', then click 'Save this image'.", { menuItemId: 'save-image', srcUrl: PHOTO }],
      ]
      for (const [instruction, expected] of cases) {
        await chrome.evaluate({ type: 'service_worker' }, `chrome.storage.local.remove('lastMenu')`)
        await session.agent.do(instruction, { maxSteps: 8 })
        await expect.poll(lastMenu, { timeout: 3000 }).toMatchObject(expected)
      }
    } finally {
      await chrome.closeTarget(page.id)
      await locator.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
