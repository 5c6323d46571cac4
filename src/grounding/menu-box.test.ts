import { describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { assumedBox, openedMenuBox } from './menu-box.ts'
import { decodeImage } from './raster.ts'

const raster = async (name: 'menu-before' | 'menu-open') => decodeImage(await (await loadFrame(name)).png())

describe('openedMenuBox', () => {
  it("reads Chromium's borderless white menu from what the right-click changed", async () => {
    const menu = openedMenuBox(await raster('menu-before'), await raster('menu-open'), { x: 150, y: 137 })
    expect(menu.how).toBe('difference')
    expect(menu.box).toEqual({ x: 150, y: 137, width: 347, height: 367 })
    // The page's own 'Stamp this page' button (700, 125)–(875, 158) is outside it.
    expect(menu.box.x + menu.box.width).toBeLessThan(700)
  })

  it('assumes the menu below and right of the click when nothing changed yet', async () => {
    const frame = await raster('menu-before')
    expect(openedMenuBox(frame, frame, { x: 150, y: 137 })).toEqual({ box: { x: 150, y: 137, width: 420, height: 640 }, how: 'assumed' })
  })

  it('does not take a change away from the click for its menu', async () => {
    const menu = openedMenuBox(await raster('menu-before'), await raster('menu-open'), { x: 1500, y: 800 })
    expect(menu.how).toBe('assumed')
  })

  it('flips the assumed box where the screen ends', () => {
    expect(assumedBox({ x: 1800, y: 1000 }, { width: 1920, height: 1080 })).toEqual({ x: 1380, y: 440, width: 420, height: 640 })
    expect(assumedBox({ x: 10, y: 10 }, { width: 300, height: 200 })).toEqual({ x: 0, y: 0, width: 300, height: 200 })
  })
})
