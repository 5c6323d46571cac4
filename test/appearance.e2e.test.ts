// The browser a user sees: its UI language (the extension's _locales, right to left in Arabic) and
// its dark theme, set for a pool's browsers as `locale` and `colorScheme` set them, checked on a real
// Chromium: what chrome.i18n says, how the popup lays out and what the screen shows.
import { resolve } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { leaseBrowser, type LeasedBrowser } from '../src/browser-pool/browser-lease.ts'
import { BrowserPool, type PoolOptions } from '../src/browser-pool/browser-pool.ts'
import { startPoolServer } from '../src/browser-pool/pool-server.ts'

const GREETER = resolve(import.meta.dirname, '../bench/extensions/greeter-i18n')
const SIZE = { width: 1280, height: 720 }
const closing: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const close of closing.reverse()) await close().catch(() => undefined)
})

/** A browser leased from a pool of its own, with the greeter loaded. */
async function browserWith(options: Omit<PoolOptions, 'size'>): Promise<LeasedBrowser> {
  const pool = new BrowserPool({ size: SIZE, log: () => undefined, ...options })
  closing.push(() => pool.close())
  const server = await startPoolServer(pool)
  closing.push(() => server.close())
  const browser = await leaseBrowser(server.url, 'appearance', GREETER)
  closing.push(() => browser.close())
  return browser
}

/** What the greeter's popup page shows and how it is laid out, read in the page. */
async function popup(browser: LeasedBrowser) {
  const chrome = browser.requireChrome()
  const page = await chrome.openExtensionPage('popup.html')
  try {
    return await chrome.evaluate<{ ui: string; greeting: string; button: string; direction: string; dark: boolean; background: string }>(
      { url: page.url },
      `({ ui: chrome.i18n.getUILanguage(), greeting: document.querySelector('h1').textContent, button: document.querySelector('button').textContent,
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
  it('ar and dark: Firefox runs in Arabic and dark, and the extension shows its ar messages right to left in dark', async () => {
    const browser = await browserWith({ browser: 'firefox', locale: 'ar', colorScheme: 'dark' })
    expect(await popup(browser)).toMatchObject({ ui: 'ar', greeting: 'صباح الخير', button: 'احفظ التحية', direction: 'rtl', dark: true })
    expect(browser.lease.versions).toMatchObject({ locale: 'ar', colorScheme: 'dark' })
    const luma = await toolbarLuma(browser)
    console.log(`Firefox dark toolbar strip mean luma: ${luma.toFixed(0)}`)
    expect(luma).toBeLessThan(100)
  })

  it('a language Firefox has no pack for is an error naming the package, not a run in English', async () => {
    await expect(browserWith({ browser: 'firefox', locale: 'xx' })).rejects.toThrow(/locale 'xx': Firefox runs in en-US instead, .*apt-get install firefox-esr-l10n-xx/)
  })
})
