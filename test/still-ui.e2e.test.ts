// The browser's own UI is drawn without animations (the desktop's GTK setting, still-toolkit.ts),
// while pages keep the default motion preference; and a click waits until what it lands on has
// been on screen as long as a person would need (x11-screen.ts). Animations are timed, not painted:
// with them a toolbar button's hover fades in over about 200 ms on any machine, so the span between
// the first and the last change of the button's own pixels tells them apart under load as on a quiet machine.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extensionDir } from '../fixtures/extensions/mutate.ts'
import { waitForBrowserDrawn } from '../src/browser-pool/browser-drawn.ts'
import { Locator } from '../src/grounding/locate.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'

const SIZE = { width: 1280, height: 720 }
let screen: X11Screen
let chrome: ChromeProcess
let helpers: ChromeHelpers
const locator = new Locator()
/** The extension icon's centre, once found. */
let found: { x: number; y: number }

beforeAll(async () => {
  screen = await X11Screen.start(SIZE)
  chrome = await launchChrome({ display: screen.display, extensionDir: extensionDir('popup-only'), size: SIZE })
  helpers = await ChromeHelpers.connect(chrome)
}, 60_000)

afterAll(async () => {
  await chrome?.close()
  await locator.close()
  await screen?.close()
})

/** The toolbar button around the icon, 28×28 px, as raw RGB. */
async function buttonPixels(): Promise<Buffer> {
  const { data, raw } = await (await screen.capture()).image()
  if (!raw) throw new Error('the framebuffer gave no raw pixels')
  const rows = Array.from({ length: 28 }, (_, i) => {
    const start = ((found.y - 14 + i) * raw.width + found.x - 14) * 3
    return data.subarray(start, start + 28 * 3)
  })
  return Buffer.concat(rows)
}

describe('the browser under test', () => {
  it('runs with GTK animations off, in a config folder of its own profile', async () => {
    const environ = (await readFile(`/proc/${chrome.pid}/environ`, 'utf8')).split('\0')
    const dirs = environ.find((entry) => entry.startsWith('XDG_CONFIG_DIRS='))?.slice('XDG_CONFIG_DIRS='.length).split(':')
    expect(dirs?.[0]).toBe(join(chrome.userDataDir, 'toolkit-config'))
    expect(await readFile(join(dirs![0]!, 'gtk-3.0', 'settings.ini'), 'utf8')).toContain('gtk-enable-animations=false')
  })

  it('finds do-nothing stand-ins for the desktop-shortcut scripts first on its PATH, then the PATH it was given', async () => {
    const environ = (await readFile(`/proc/${chrome.pid}/environ`, 'utf8')).split('\0')
    const [first, ...rest] = environ.find((entry) => entry.startsWith('PATH='))!.slice('PATH='.length).split(':')
    expect(first).toBe(join(chrome.userDataDir, 'desktop-stand-ins'))
    expect(rest.join(':')).toBe(process.env.PATH)
    for (const tool of ['xdg-desktop-menu', 'xdg-icon-resource']) expect(await readFile(join(first!, tool), 'utf8'), tool).toBe('#!/bin/sh\nexit 0\n')
  })

  it('leaves pages and extension pages at the default motion preference', async () => {
    await helpers.openExtensionPage('popup.html')
    expect(await helpers.evaluate({ url: /popup\.html$/ }, "matchMedia('(prefers-reduced-motion: no-preference)').matches")).toBe(true)
  })

  it('draws the toolbar button\'s hover in one change, not a fade', async () => {
    const icon = await readFile(join(extensionDir('popup-only'), 'icon.png'))
    // (on two loaded cores the window can still be drawing its toolbar seconds after launch)
    const drawn = await waitForBrowserDrawn(screen, { pinnedIcon: true, timeoutMs: 30_000 })
    expect(drawn.drawn, `the toolbar with the pinned icon: ${drawn.evidence}`).toBe(true)
    const located = (await locator.locate(await screen.capture(), { image: icon })).located
    expect(located, 'the extension icon in the toolbar').toBeDefined()
    found = located!.center
    await screen.perform({ type: 'move', x: found.x, y: SIZE.height - 100 })
    await screen.settle({ stableMs: 300 })
    // Only the button's own pixels are watched: on a loaded machine its tooltip can appear below it
    // within the same second, which a whole-screen settle counts as part of the hover.
    const changes: number[] = []
    let last = await buttonPixels()
    const moved = performance.now()
    await screen.perform({ type: 'move', x: found.x, y: found.y })
    while (performance.now() - moved < 1500) {
      const now = await buttonPixels()
      if (!now.equals(last)) changes.push(performance.now() - moved)
      last = now
    }
    expect(changes.length, 'the pointer on the icon changed nothing on the button').toBeGreaterThan(0)
    // (with GTK animations on the highlight fades in: 167-199 ms from the first change to the last)
    expect(changes.at(-1)! - changes[0]!, `the button changed at ${changes.map(Math.round).join(', ')} ms`).toBeLessThan(150)
  })

  it('holds a click until 500 ms after the screen last changed, as a person would (a dialog ignores one sooner)', async () => {
    // A change made while settle watches (the extension page in the tab changes colour), so it sees
    // it begin. On loaded cores settle's first look can come after the change, and it then sees none:
    // the change is made again, in another colour.
    let started = 0
    let lastChangeMs: number | undefined
    for (const colour of ['rgb(200, 30, 30)', 'rgb(30, 30, 200)', 'rgb(30, 160, 30)']) {
      started = performance.now()
      const watching = screen.settle({ stableMs: 100, reactionMs: 3000, timeoutMs: 6000 })
      await new Promise((resolve) => setTimeout(resolve, 100))
      await helpers.evaluate({ url: /popup\.html$/ }, `document.documentElement.style.background = document.body.style.background = '${colour}'`)
      lastChangeMs = (await watching).lastChangeMs
      if (lastChangeMs !== undefined) break
    }
    expect(lastChangeMs, 'the page changing colour, three times, changed nothing on screen').toBeDefined()
    const changed = started + lastChangeMs!
    await screen.perform({ type: 'click', x: found.x, y: SIZE.height - 100, button: 'left' })
    expect(performance.now() - changed).toBeGreaterThanOrEqual(500)
  })
})
