import { describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { borderColour, colourDistance, findBoxes, type Rgb } from './boxes.ts'
import { decodeImage, type Raster } from './raster.ts'

function raster(width: number, height: number, background: Rgb): Raster {
  const data = new Uint8Array(width * height * 3)
  for (let i = 0; i < width * height; i++) data.set(background, i * 3)
  return { data, width, height }
}

function paint(r: Raster, x0: number, y0: number, w: number, h: number, colour: Rgb): void {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) r.data.set(colour, (y * r.width + x) * 3)
}

describe('findBoxes', () => {
  it('finds a filled button with text holes and reports its fill', () => {
    const r = raster(200, 100, [255, 255, 255])
    paint(r, 40, 30, 100, 40, [26, 115, 232])
    paint(r, 60, 45, 60, 10, [255, 255, 255]) // "text"
    const boxes = findBoxes(r)
    expect(boxes).toMatchObject([{ box: { x: 40, y: 30, width: 100, height: 40 }, fill: [26, 115, 232] }])
    expect(boxes[0]!.outside(70, 50)).toBe(false) // a hole: text
  })

  it("marks a pill's rounded ends as outside its shape, not its text", () => {
    const r = raster(200, 100, [255, 255, 255])
    paint(r, 40, 30, 120, 40, [106, 17, 203])
    for (const [x, y] of [[40, 30], [158, 30], [40, 68], [158, 68]]) paint(r, x!, y!, 2, 2, [255, 255, 255]) // corners
    paint(r, 70, 45, 60, 10, [255, 255, 255])
    const [pill] = findBoxes(r)
    expect(pill!.outside(40, 30)).toBe(true)
    expect(pill!.outside(159, 69)).toBe(true)
    expect(pill!.outside(80, 50)).toBe(false)
  })

  it('ignores shapes that fill little of their box, small ones and the background', () => {
    const r = raster(200, 100, [255, 255, 255])
    paint(r, 20, 20, 6, 40, [0, 0, 0]) // a U: two stems and a base
    paint(r, 46, 20, 6, 40, [0, 0, 0])
    paint(r, 20, 54, 32, 6, [0, 0, 0])
    paint(r, 120, 20, 10, 10, [200, 0, 0]) // too small
    expect(findBoxes(r)).toEqual([])
  })

  it('finds the three coloured buttons of a real frame', async () => {
    const frame = await decodeImage(await (await loadFrame('coloured-buttons')).png())
    const fills = findBoxes(frame).map((b) => b.fill)
    expect(fills).toHaveLength(3)
    expect(colourDistance(fills[0]!, [26, 115, 232])).toBeLessThan(8)
    expect(colourDistance(fills[1]!, [217, 48, 37])).toBeLessThan(8)
    expect(colourDistance(fills[2]!, [24, 128, 56])).toBeLessThan(8)
  })
})

describe('borderColour', () => {
  it('takes the median colour of a region outline', () => {
    const r = raster(50, 50, [250, 250, 250])
    paint(r, 0, 0, 3, 3, [0, 0, 0])
    expect(borderColour(r, { x: 0, y: 0, width: 50, height: 50 })).toEqual([250, 250, 250])
  })
})
