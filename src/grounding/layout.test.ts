import { describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { addOutlines, edgeMaps, lineHeight, textRegions } from './layout.ts'
import { decodeImage, toGray } from './raster.ts'

/** A white canvas with dark rectangles ("words") and optional lines. */
function canvas(width: number, height: number, marks: { x: number; y: number; w: number; h: number; v?: number }[]) {
  const gray = new Uint8Array(width * height).fill(255)
  for (const m of marks) {
    for (let y = m.y; y < m.y + m.h; y++) for (let x = m.x; x < m.x + m.w; x++) gray[y * width + x] = m.v ?? 0
  }
  return edgeMaps(gray, width, height)
}

describe('textRegions', () => {
  it('cuts at blank gaps and keeps a word space inside a region', () => {
    const maps = canvas(400, 200, [
      { x: 10, y: 10, w: 30, h: 12 },
      { x: 46, y: 10, w: 30, h: 12 }, // 6 px from the first: same line
      { x: 10, y: 60, w: 40, h: 12 }, // below a blank gap
      { x: 300, y: 60, w: 40, h: 12 }, // far to the right: its own column
    ])
    expect(textRegions(maps)).toEqual([
      { x: 10, y: 10, width: 67, height: 13 },
      { x: 10, y: 60, width: 41, height: 13 },
      { x: 300, y: 60, width: 41, height: 13 },
    ])
  })

  it('cuts at a ruling line and does not count the line as text', () => {
    const maps = canvas(400, 100, [
      { x: 10, y: 10, w: 30, h: 12 },
      { x: 0, y: 26, w: 400, h: 1, v: 120 }, // a toolbar border 4 px under the text
      { x: 10, y: 31, w: 30, h: 12 },
    ])
    const regions = textRegions(maps)
    expect(regions).toHaveLength(2)
    expect(regions.every((r) => r.height < 16)).toBe(true)
  })

  it('keeps text apart from a box edge added as an outline', () => {
    const maps = canvas(300, 60, [
      { x: 20, y: 20, w: 40, h: 12 },
      { x: 66, y: 10, w: 1, h: 32, v: 100 }, // a short vertical box edge, not a ruling line
      { x: 72, y: 20, w: 40, h: 12 },
    ])
    expect(textRegions(maps)).toHaveLength(1)
    addOutlines(maps, [{ x: 66, y: 10, width: 100, height: 32 }])
    expect(textRegions(maps).map((r) => r.x)).toEqual([20, 72])
  })

  it('finds nothing on a blank frame', () => {
    expect(textRegions(canvas(200, 100, []))).toEqual([])
  })

  it('finds the popup button apart from the popup heading on a real frame', async () => {
    const raster = await decodeImage(await (await loadFrame('popup-open')).png())
    const regions = textRegions(edgeMaps(toGray(raster), raster.width, raster.height))
    const inPopup = regions.filter((r) => r.x > 1500 && r.y > 90 && r.y < 200)
    expect(inPopup.length).toBeGreaterThanOrEqual(2)
    expect(regions.some((r) => r.y < 88)).toBe(true) // the toolbar strip has its own regions
  })
})

describe('lineHeight', () => {
  it('is the median inked run, ignoring specks', () => {
    const maps = canvas(200, 100, [
      { x: 10, y: 10, w: 50, h: 14 },
      { x: 10, y: 30, w: 50, h: 14 },
      { x: 10, y: 50, w: 50, h: 14 },
      { x: 10, y: 70, w: 5, h: 2 },
    ])
    expect(lineHeight(maps, { x: 0, y: 0, width: 200, height: 100 })).toBe(15)
  })
})
