// The browser's own UI is drawn without animations (the desktop's GTK setting, still-toolkit.ts),
// while pages keep the default motion preference; and a click waits until what it lands on has
// been on screen as long as a person would need (x11-screen.ts). Animations are timed, not painted: with them a
// popup fades out over about 200 ms on any machine, so the span between the first and the last
// change settle sees after Escape tells them apart under load as well as on a quiet machine.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extensionDir } from '../fixtures/extensions/mutate.ts'
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

describe('the browser under test', () => {
  it('runs with GTK animations off, in a config folder of its own profile', async () => {
    const environ = (await readFile(`/proc/${chrome.pid}/environ`, 'utf8')).split('\0')
    const dirs = environ.find((entry) => entry.startsWith('XDG_CONFIG_DIRS='))?.slice('XDG_CONFIG_DIRS='.length).split(':')
    expect(dirs?.[0]).toBe(join(chrome.userDataDir, 'toolkit-config'))
    expect(await readFile(join(dirs![0]!, 'gtk-3.0', 'settings.ini'), 'utf8')).toContain('gtk-enable-animations=false')
  })

  it('leaves pages and extension pages at the default motion preference', async () => {
    await helpers.openExtensionPage('popup.html')
    expect(await helpers.evaluate({ url: /popup\.html$/ }, "matchMedia('(prefers-reduced-motion: no-preference)').matches")).toBe(true)
  })

  it('closes a popup in one change, not a fade', async () => {
    await screen.settle({ stableMs: 300 })
    const icon = await readFile(join(extensionDir('popup-only'), 'icon.png'))
    const located = (await locator.locate(await screen.capture(), { image: icon })).located
    expect(located, 'the extension icon in the toolbar').toBeDefined()
    found = located!.center
    await screen.perform({ type: 'click', x: found.x, y: found.y, button: 'left' })
    await expect.poll(async () => (await helpers.targets({ url: /popup\.html$/ })).length, { timeout: 5000 }).toBeGreaterThan(0)
    await screen.settle({ stableMs: 300 })
    await screen.perform({ type: 'keypress', keys: ['escape'] })
    const closed = await screen.settle({ stableMs: 300, reactionMs: 1000 })
    expect(closed.changedMs, 'Escape changed nothing on screen').toBeDefined()
    // (one change here; with GTK animations on, 167-199 ms from the first change to the last)
    expect(closed.lastChangeMs! - closed.changedMs!).toBeLessThan(150)
  })

  it('holds a click until 500 ms after the screen last started changing, as a person would (a dialog ignores one sooner)', async () => {
    const started = performance.now()
    await screen.perform({ type: 'click', x: found.x, y: found.y, button: 'left' })
    const opened = await screen.settle({ stableMs: 100, reactionMs: 2000 })
    expect(opened.changedMs, 'the icon click opened nothing').toBeDefined()
    const appeared = started + opened.changedMs!
    await screen.perform({ type: 'click', x: 5, y: SIZE.height - 5, button: 'left' })
    expect(performance.now() - appeared).toBeGreaterThanOrEqual(500)
  })
})
