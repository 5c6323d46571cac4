// A launch on about:blank leaves the keyboard in the address bar; the reset between test files must
// too, or a file whose first step types a URL works when it runs first and fails after another one
// (the last file's typed URL left the focus in the page). Real Chromium and Firefox, real keys.
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { waitForBrowserDrawn } from '../src/browser-pool/browser-drawn.ts'
import type { Browser, ChromeFixture } from '../src/targets/browser.ts'
import { connectBrowser, launchBrowser } from '../src/targets/browsers.ts'
import type { PipeCall } from '../src/targets/chrome/endpoint.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'

const extension = (name: string) => fileURLToPath(new URL(`../fixtures/extensions/${name}`, import.meta.url))
const SIZE = { width: 1280, height: 720 }
const closers: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined)
})

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
  it('after a reset, a URL typed first goes into the address bar, and the page shows as at launch', async () => {
    const { screen, browser, chrome } = await start(name, 'cross-browser-surfaces')
    const atLaunch = await pageArea(screen)
    await typeUrl(screen, chrome, 'launch')
    await browser.reset({})
    // (Firefox's new tab showed its grey panel, not the loaded blank page's white)
    expect((await pageArea(screen)).equals(atLaunch), 'the page area as at launch').toBe(true)
    await typeUrl(screen, chrome, 'first-reset')
    await browser.reset({})
    await typeUrl(screen, chrome, 'second-reset')
  })
})

it('chromium: after a switch to another extension, a URL typed first goes into the address bar', async () => {
  const { screen, browser, chrome } = await start('chromium', 'popup-only')
  await typeUrl(screen, chrome, 'launch')
  expect(await browser.switchExtension?.(extension('sidepanel'), {})).toBe(true)
  await typeUrl(screen, chrome, 'switched')
})
