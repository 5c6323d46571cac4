import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { FRAME_NAMES, loadFrame, type FrameName } from '../../fixtures/frames/index.ts'
import { decodeImage, frameTop, type Raster } from './raster.ts'
import { toolbarDepth } from './strip.ts'
import { findToolbarSlot } from './toolbar-slot.ts'

const frame = async (name: FrameName) => decodeImage(await (await loadFrame(name)).png())

/** Where the pinned icon is on each real frame (fixtures/frames/README.md). */
const ICON_AT: Partial<Record<FrameName, { x: number; y: number }>> = {
  'browser-started': { x: 1770, y: 63 },
  'popup-open': { x: 1770, y: 63 },
  'coloured-buttons': { x: 1770, y: 63 },
  'hard-buttons': { x: 1770, y: 63 },
  'sidepanel-open': { x: 1734, y: 63 },
  'sidepanel-error': { x: 1734, y: 63 },
  'caret-on': { x: 1734, y: 63 },
  'caret-off': { x: 1734, y: 63 },
  'toolbar-flat-icon': { x: 1770, y: 63 },
  'toolbar-letter-tile': { x: 1770, y: 63 },
  'toolbar-flat-icon-720': { x: 1130, y: 63 },
  'toolbar-letter-tile-720': { x: 1130, y: 63 },
  'toolbar-coloured-720': { x: 1130, y: 63 },
}

describe('findToolbarSlot', () => {
  it.each(FRAME_NAMES.filter((n) => n in ICON_AT))('finds the pinned icon on %s from the layout alone, sure of it', async (name) => {
    const slot = findToolbarSlot(await frame(name))
    expect(slot?.center).toEqual(ICON_AT[name])
    expect(slot!.box.width).toBeLessThanOrEqual(16)
    expect(slot!.confidence).toBe(1)
    expect(slot!.evidence).toBe('right of the omnibox, just left of the extensions menu')
  })

  it('finds it in a right-to-left toolbar (Arabic, Hebrew), which mirrors the whole row', async () => {
    const raster = await frame('browser-started')
    const mirrored = await decodeImage(await sharp(Buffer.from(raster.data), { raw: { width: raster.width, height: raster.height, channels: 3 } }).flop().png().toBuffer())
    const slot = findToolbarSlot(mirrored)
    expect(slot?.center).toEqual({ x: raster.width - 1770, y: 63 })
    expect(slot!.confidence).toBe(1)
    expect(slot!.evidence).toBe('left of the omnibox, just right of the extensions menu (a right-to-left toolbar)')
  })

  it('takes the icon, not the pill around it, while its popup is open', async () => {
    const slot = findToolbarSlot(await frame('popup-open'))
    expect(slot?.box).toEqual({ x: 1763, y: 56, width: 14, height: 14 })
  })

  it('finds it on a 1280×720 frame enlarged to 1920 px (as the model double reads screenshots), border line blurred away', async () => {
    const big = await sharp(await (await loadFrame('toolbar-letter-tile-720')).png()).resize(1920, 1080, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer()
    const slot = findToolbarSlot(await decodeImage(big))
    expect(Math.abs(slot!.center.x - 1130 * 1.5)).toBeLessThanOrEqual(2)
    expect(Math.abs(slot!.center.y - 63 * 1.5)).toBeLessThanOrEqual(2)
    expect(slot!.confidence).toBe(1)
  })

  it('takes the icon and its badge as one button, though together they match nothing', async () => {
    const slot = findToolbarSlot(await frame('toolbar-badge'))
    expect(slot?.box).toEqual({ x: 1756, y: 56, width: 28, height: 21 })
    expect(slot!.confidence).toBe(0.75)
    expect(slot!.evidence).toBe('right of the omnibox, just left of the extensions menu (drawn with more than its icon: a badge?)')
  })

  it('takes a grey outlined icon that looks like the extensions menu when the menu follows it', async () => {
    const raster = await frame('toolbar-letter-tile')
    // The pinned icon becomes a copy of the menu's own glyph (16×16 at (1799, 54)), as a greyed or outlined icon can look.
    for (let y = 0; y < 17; y++) raster.data.copyWithin(((54 + y) * 1920 + 1762) * 3, ((54 + y) * 1920 + 1799) * 3, ((54 + y) * 1920 + 1816) * 3)
    const slot = findToolbarSlot(raster)
    expect(slot?.center).toEqual({ x: 1770, y: 62 })
    expect(slot!.confidence).toBe(1)
    expect(slot!.evidence).toBe('right of the omnibox, just left of the extensions menu')
  })

  it('is unsure when the icon is not pinned (the extensions menu comes first)', async () => {
    const raster = await frame('toolbar-letter-tile')
    for (let y = 45; y < 82; y++) raster.data.fill(255, (y * 1920 + 1750) * 3, (y * 1920 + 1790) * 3)
    const slot = findToolbarSlot(raster)
    expect(slot?.confidence).toBe(0.25)
    expect(slot?.evidence).toMatch(/looks like the extensions menu itself/)
    expect(slot!.center.x).toBeGreaterThan(1790)
  })

  it('finds it at device scale 2, where the toolbar takes a quarter of a 720 px frame, when told the scale', async () => {
    const raster = await frame('toolbar-scale-2-720')
    const slot = findToolbarSlot(raster, 2)
    expect(slot?.center).toEqual({ x: 982, y: 126 })
    expect(slot!.box).toMatchObject({ width: 30, height: 30 })
    expect(slot!.confidence).toBe(1)
    // (at scale 1 the band searched ends above the toolbar row: the slot is not found there)
    expect(findToolbarSlot(raster)?.confidence ?? 0).toBeLessThan(1)
  })

  it("finds the same in the toolbar's band alone, as read from a frame (frameTop), when told the band's depth", async () => {
    for (const [name, scale] of [['browser-started', 1], ['toolbar-scale-2-720', 2]] as const) {
      const loaded = await loadFrame(name)
      const band = toolbarDepth(loaded.height, scale)
      const top = await frameTop(loaded, band)
      expect(top.height, name).toBe(band)
      expect(findToolbarSlot(top, scale, band), name).toEqual(findToolbarSlot(await frame(name), scale))
    }
  })

  it('finds nothing without a toolbar', async () => {
    const blank: Raster = { data: new Uint8Array(1280 * 720 * 3).fill(255), width: 1280, height: 720 }
    expect(findToolbarSlot(blank)).toBeUndefined()
    const page = await frame('sidepanel-open')
    const below: Raster = { data: page.data.subarray(200 * 1920 * 3), width: 1920, height: 880 }
    expect(findToolbarSlot(below)).toBeUndefined()
  })
})
