// The browser a user sees: its UI language (the extension's _locales, right to left in Arabic), its
// dark theme, its scale and its page zoom, set for a pool's browsers as `locale`, `colorScheme`,
// `deviceScaleFactor` and `zoom` set them, checked on a real Chromium and Firefox: what chrome.i18n says, how
// the popup lays out, what the screen shows and where a real click lands.
import { resolve } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { browserLayout } from '../src/grounding/browser-regions.ts'
import { frameRaster } from '../src/grounding/raster.ts'
import { findToolbarSlot } from '../src/grounding/toolbar-slot.ts'
import { leaseBrowser, type LeasedBrowser } from '../src/browser-pool/browser-lease.ts'
import { BrowserPool, type PoolOptions } from '../src/browser-pool/browser-pool.ts'
import { startPoolServer } from '../src/browser-pool/pool-server.ts'

const GREETER = resolve(import.meta.dirname, '../bench/extensions/greeter-i18n')
/** A popup extension with a gecko id: Firefox puts its button on the toolbar. */
const CROSS_BROWSER = resolve(import.meta.dirname, '../fixtures/extensions/cross-browser')
const SIZE = { width: 1280, height: 720 }
const closing: (() => Promise<unknown>)[] = []
/** What the pools said (e.g. that a browser never looked drawn). */
const poolLines: string[] = []
afterAll(async () => {
  for (const close of closing.reverse()) await close().catch(() => undefined)
})

/** A browser leased from a pool of its own, with the greeter (or `extension`) loaded. */
async function browserWith(options: Omit<PoolOptions, 'size'>, extension = GREETER): Promise<LeasedBrowser> {
  const pool = new BrowserPool({ size: SIZE, log: (line) => poolLines.push(line), ...options })
  closing.push(() => pool.close())
  const server = await startPoolServer(pool)
  closing.push(() => server.close())
  const browser = await leaseBrowser(server.url, 'appearance', extension)
  closing.push(() => browser.close())
  return browser
}

/** What the greeter's popup page shows and how it is laid out, read in the page. */
async function popup(browser: LeasedBrowser) {
  const chrome = browser.requireChrome()
  const page = await chrome.openExtensionPage('popup.html')
  try {
    return await chrome.evaluate<{ ui: string; greeting: string; button: string; direction: string; dark: boolean; background: string; zoom: number }>(
      { url: page.url },
      `({ ui: chrome.i18n.getUILanguage(), greeting: document.querySelector('h1').textContent, button: document.querySelector('button').textContent, zoom: devicePixelRatio,
          direction: getComputedStyle(document.body).direction, dark: matchMedia('(prefers-color-scheme: dark)').matches,
          background: getComputedStyle(document.body).backgroundColor })`,
    )
  } finally {
    await chrome.closeTarget(page.id)
  }
}

/** The mean luma of the browser's top strip (tabs and toolbar) on the screen. */
async function toolbarLuma(browser: LeasedBrowser): Promise<number> {
  const { channels } = await sharp(await (await browser.screen.capture()).png()).extract({ left: 0, top: 0, width: SIZE.width, height: 80 }).greyscale().stats()
  return channels[0]!.mean
}

describe('locale', () => {
  it('ar: the browser runs in Arabic, the extension shows its ar messages, right to left, and the lease says so', async () => {
    const browser = await browserWith({ locale: 'ar' })
    expect(await popup(browser)).toMatchObject({ ui: 'ar', greeting: 'صباح الخير', button: 'احفظ التحية', direction: 'rtl', dark: false })
    expect(browser.lease.versions).toMatchObject({ locale: 'ar' })
    // Chromium's own pages are right to left too: its UI, not only the extension, is Arabic.
    const chrome = browser.requireChrome()
    const settings = await chrome.openPage('chrome://extensions', { hidden: true })
    expect(await chrome.evaluate({ url: settings.url }, 'document.documentElement.dir')).toBe('rtl')
    await chrome.closeTarget(settings.id)
  })

  it('a language Chromium has no pack for is an error that says so, not a run in English', async () => {
    await expect(browserWith({ locale: 'xx' })).rejects.toThrow(/locale 'xx': Chromium runs in en-US instead, because it has no language pack for xx/)
  })
})

describe('colorScheme', () => {
  it('dark: pages see prefers-color-scheme dark, and the browser draws its own toolbar dark', async () => {
    const light = await browserWith({ locale: 'de' })
    const lightPopup = await popup(light)
    expect(lightPopup).toMatchObject({ ui: 'de', greeting: 'Guten Morgen', direction: 'ltr', dark: false, background: 'rgb(255, 255, 255)' })
    const lightToolbar = await toolbarLuma(light)
    await light.close()

    const dark = await browserWith({ locale: 'de', colorScheme: 'dark' })
    expect(await popup(dark)).toMatchObject({ greeting: 'Guten Morgen', dark: true, background: 'rgb(32, 33, 36)' })
    expect(dark.lease.versions).toMatchObject({ locale: 'de', colorScheme: 'dark' })
    const darkToolbar = await toolbarLuma(dark)
    console.log(`toolbar strip mean luma: light ${lightToolbar.toFixed(0)}, dark ${darkToolbar.toFixed(0)}`)
    expect(darkToolbar).toBeLessThan(lightToolbar - 60)
  })
})

describe('on Firefox', () => {
  // (zoom too, with no Firefox of its own: Firefox's start is the costly part of these tests)
  it('ar, dark and 150%: Firefox runs in Arabic and dark, and the extension page shows its ar messages right to left in dark, zoomed', async () => {
    const browser = await browserWith({ browser: 'firefox', locale: 'ar', colorScheme: 'dark', zoom: 1.5 })
    expect(await popup(browser)).toMatchObject({ ui: 'ar', greeting: 'صباح الخير', button: 'احفظ التحية', direction: 'rtl', dark: true, zoom: 1.5 })
    expect(browser.lease.versions).toMatchObject({ locale: 'ar', colorScheme: 'dark', zoom: '150%' })
    const luma = await toolbarLuma(browser)
    console.log(`Firefox dark toolbar strip mean luma: ${luma.toFixed(0)}`)
    expect(luma).toBeLessThan(100)
  })

  it('a language Firefox has no pack for is an error naming the package, not a run in English', async () => {
    await expect(browserWith({ browser: 'firefox', locale: 'xx' })).rejects.toThrow(/locale 'xx': Firefox runs in en-US instead, .*apt-get install firefox-esr-l10n-xx/)
  })
})

describe('deviceScaleFactor', () => {
  /**
   * At scale 2: the pool saw the browser drawn (its pinned icon found at that scale), the toolbar
   * icon found on the screen's pixels, clicked with real input, the popup opened and found on screen
   * under the toolbar; the page's and the popup's devicePixelRatio 2 and the window filling the
   * screen (its CSS width times the ratio), not twice its size.
   */
  async function clickIconAt2(browser: LeasedBrowser, name: string): Promise<void> {
    expect(browser.lease).toMatchObject({ deviceScaleFactor: 2, versions: { deviceScaleFactor: '2x' } })
    expect(poolLines.filter((line) => /did not look fully drawn/.test(line))).toEqual([])
    const slot = findToolbarSlot(await frameRaster(await browser.screen.capture()), 2)
    expect(slot, `${name}: the toolbar icon at scale 2`).toMatchObject({ confidence: 1 })
    // (the icon is drawn at 16 CSS px: about 32 screen pixels)
    expect(slot!.box.height).toBeGreaterThan(24)
    await browser.screen.perform({ type: 'click', x: slot!.center.x, y: slot!.center.y, button: 'left' })
    const chrome = browser.requireChrome()
    const popup = await chrome.waitForTarget({ type: 'page', url: /popup\.html$/ }, { timeout: 10_000 })
    const seen = await chrome.evaluate<{ dpr: number; width: number; height: number }>({ type: 'page', url: /^about:blank/ }, '({ dpr: devicePixelRatio, width: outerWidth, height: outerHeight })')
    const popupRatio = await chrome.evaluate<number>({ url: popup.url }, 'devicePixelRatio')
    console.log(`${name} at 2: devicePixelRatio ${seen.dpr} (popup ${popupRatio}), window ${seen.width}×${seen.height} CSS px on a ${SIZE.width}×${SIZE.height} screen, icon ${slot!.box.width}×${slot!.box.height} px at (${slot!.center.x}, ${slot!.center.y})`)
    expect([seen.dpr, popupRatio]).toEqual([2, 2])
    expect(seen.width * seen.dpr).toBeLessThanOrEqual(SIZE.width)
    expect(seen.width * seen.dpr).toBeGreaterThan(SIZE.width - 8)
    await expect.poll(async () => browserLayout(await frameRaster(await browser.screen.capture()), 2)?.popup, { timeout: 5000 }).toBeDefined()
  }

  it('2 on Chromium: the window fills the screen, the icon is clicked by real input, the popup opens and its devicePixelRatio is 2', async () => {
    await clickIconAt2(await browserWith({ deviceScaleFactor: 2 }), 'Chromium')
  })

  it('2 on Firefox: the same, through layout.css.devPixelsPerPx', async () => {
    await clickIconAt2(await browserWith({ browser: 'firefox', deviceScaleFactor: 2 }, CROSS_BROWSER), 'Firefox')
  })
})

describe('zoom', () => {
  it("1.5 on Chromium: a page and the action's popup are drawn at 150%, with less room in CSS pixels; the toolbar is not", async () => {
    const browser = await browserWith({ zoom: 1.5 })
    expect(browser.lease.versions).toMatchObject({ zoom: '150%' })
    // (the pool found the pinned icon at scale 1: the browser's own UI is not zoomed)
    expect(poolLines.filter((line) => /did not look fully drawn/.test(line))).toEqual([])
    const chrome = browser.requireChrome()
    const read = '({ dpr: devicePixelRatio, width: innerWidth })'
    const page = await chrome.evaluate<{ dpr: number; width: number }>({ type: 'page', url: /^about:blank/ }, read)
    const { opened } = await chrome.triggerAction({ timeout: 5000 })
    expect(opened.map((t) => t.url)).toEqual([expect.stringMatching(/^chrome-extension:\/\/.*\/popup\.html$/)])
    const popup = await chrome.evaluate<{ dpr: number; width: number }>({ url: opened[0]!.url }, read)
    console.log(`Chromium at zoom 1.5: page devicePixelRatio ${page.dpr}, innerWidth ${page.width}; popup devicePixelRatio ${popup.dpr}`)
    expect([page.dpr, popup.dpr]).toEqual([1.5, 1.5])
    // (the window fills the screen's 1280 px; the page has two thirds of them: 853 CSS px, not 1279)
    expect(page.width).toBeCloseTo(SIZE.width / 1.5, -1)
  })
})
