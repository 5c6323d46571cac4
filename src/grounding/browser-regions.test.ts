import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadFrame, type FrameName } from '../../fixtures/frames/index.ts'
import { browserLayout, regionAt, type BrowserLayout } from './browser-regions.ts'
import { decodeImage } from './raster.ts'

/** A fixture frame's layout; `popup-restyled` is read from its file (it is no FrameName). */
async function layoutOf(name: FrameName | 'popup-restyled'): Promise<BrowserLayout | undefined> {
  const png = name === 'popup-restyled' ? fileURLToPath(new URL('../../fixtures/frames/popup-restyled.png', import.meta.url)) : await (await loadFrame(name)).png()
  return browserLayout(await decodeImage(png))
}

/** A white raster with a grey band (a toolbar) and its 1 px border, like Chromium's. */
function raster(width: number, height: number, paint: (x: number, y: number) => number) {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.fill(paint(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3)
  return { data, width, height }
}

describe('browserLayout on real Chromium 156 frames', () => {
  it('finds the toolbar and the page on a bare window, with no popup and no side panel', async () => {
    expect(await layoutOf('browser-started')).toEqual({
      toolbar: { x: 0, y: 0, width: 1920, height: 87 },
      page: { x: 0, y: 87, width: 1920, height: 993 },
    })
  })

  it("finds the popup hanging under the toolbar from the break it makes in the toolbar's border", async () => {
    const layout = (await layoutOf('popup-open'))!
    expect(layout.popup).toMatchObject({ x: 1495, y: 87, width: 292 })
    // It holds the heading and the 'Open Sidepanel' button (1511, 130)–(1676, 174), and ends under it.
    expect(layout.popup!.y + layout.popup!.height).toBeGreaterThan(174)
    expect(layout.popup!.y + layout.popup!.height).toBeLessThan(200)
    expect(layout.sidePanel).toBeUndefined()
  })

  it("follows the popup's content when its button moved down", async () => {
    const layout = (await layoutOf('popup-restyled'))!
    expect(layout.popup!.y + layout.popup!.height).toBeGreaterThan(222)
  })

  it("finds the side panel's column from the page card's faint edge", async () => {
    for (const name of ['sidepanel-open', 'sidepanel-error', 'same-label-sidepanel'] as const) {
      const layout = (await layoutOf(name))!
      expect(layout.sidePanel, name).toEqual({ x: 1543, y: 88, width: 377, height: 992 })
      expect(layout.page, name).toEqual({ x: 0, y: 88, width: 1543, height: 992 })
      expect(layout.popup, name).toBeUndefined()
    }
  })

  it('at device scale 2, finds the toolbar twice as tall and the popup that hides half of a narrow window\'s border', async () => {
    const at2 = async (name: FrameName) => browserLayout(await decodeImage(await (await loadFrame(name)).png()), 2)
    expect(await at2('toolbar-scale-2-720')).toEqual({ toolbar: { x: 0, y: 0, width: 1280, height: 173 }, page: { x: 0, y: 173, width: 1280, height: 547 } })
    const layout = (await at2('popup-scale-2-720'))!
    expect(layout.popup).toMatchObject({ x: 312, y: 173, width: 704 })
    // It holds the 'Save greeting' button, which ends at y 407.
    expect(layout.popup!.y + layout.popup!.height).toBeGreaterThan(407)
  })

  it("does not take a page's dark header for the toolbar's border", async () => {
    expect((await layoutOf('hard-buttons'))?.toolbar.height).toBe(87)
  })

  it('has no layout on a frame without a toolbar border (not a browser window)', () => {
    expect(browserLayout(raster(400, 300, () => 255))).toBeUndefined()
    expect(browserLayout(raster(400, 300, (_x, y) => (y < 30 ? 200 : 255)))).toBeUndefined() // a line, but no omnibox above it
  })
})

describe('regionAt', () => {
  it('puts the labels of the same-label frame in the toolbar, the page and the side panel', async () => {
    const layout = (await layoutOf('same-label-sidepanel'))!
    expect(regionAt(layout, { x: 124, y: 21 })).toBe('toolbar') // the tab title
    expect(regionAt(layout, { x: 135, y: 232 })).toBe('page')
    expect(regionAt(layout, { x: 1649, y: 240 })).toBe('side panel')
  })

  it('gives the popup what it covers', async () => {
    const layout = (await layoutOf('popup-open'))!
    expect(regionAt(layout, { x: 1593, y: 151 })).toBe('popup')
    expect(regionAt(layout, { x: 1593, y: 400 })).toBe('page')
  })
})
