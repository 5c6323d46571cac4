import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { annotatedPixels, blendOver, BAND_BACKGROUND } from './annotate-frame.ts'
import type { FrameNote } from './frame-notes.ts'
import { overlayBands, overlayPieces } from './overlay.ts'

const NOTE: FrameNote = {
  file: 'step-01.png',
  at: 0,
  header: 'step 1/3 · click (1594, 153) · model 611 ms',
  tone: 'step',
  actions: [
    { type: 'click', x: 1594, y: 153, button: 'left' },
    { type: 'type', text: 'hello' },
  ],
  note: "clicked 'Open Sidepanel'",
}

/** A 1920×1080 screen with a few flat panels, as a PNG. */
async function screen(): Promise<Buffer> {
  const rect = (x: number, y: number, w: number, h: number, fill: string) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">${rect(0, 0, 1920, 1080, '#f3f4f6')}${rect(0, 0, 1920, 80, '#dbeafe')}${rect(1500, 100, 400, 600, '#ffffff')}${rect(200, 300, 600, 200, '#16a34a')}</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

describe('annotatedPixels', () => {
  it('matches sharp compositing the same overlay over the scaled frame, within rounding', async () => {
    const png = await screen()
    const mine = await annotatedPixels(png, NOTE)
    const width = 1280
    const height = 720
    const pieces = overlayPieces({ width, height, scale: width / 1920, header: NOTE.header, tone: NOTE.tone, actions: NOTE.actions, note: NOTE.note })
    const reference = await sharp(png)
      .resize(width, height)
      .extend({ ...overlayBands(width, height, true), background: BAND_BACKGROUND })
      .composite(pieces.map(({ svg, left, top }) => ({ input: Buffer.from(svg), left, top })))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([mine.width, mine.height]).toEqual([reference.info.width, reference.info.height])
    let worst = 0
    for (let i = 0; i < mine.data.length; i++) worst = Math.max(worst, Math.abs(mine.data[i]! - reference.data[i]!))
    expect(worst).toBeLessThanOrEqual(1)
    // and the overlay is there: the marker's ring is not the screen's white
    expect(Buffer.from(mine.data).equals(await sharp(png).resize(width, height).extend({ ...overlayBands(width, height, true), background: BAND_BACKGROUND }).removeAlpha().raw().toBuffer())).toBe(false)
  })
})

describe('blendOver', () => {
  const frame = () => ({ data: Buffer.alloc(4 * 3 * 3, 100), width: 4, height: 3 })
  const piece = (rgba: number[], left: number, top: number, width = 2, height = 2) => ({ data: Buffer.from(Array.from({ length: width * height }, () => rgba).flat()), width, height, left, top })
  const at = (f: ReturnType<typeof frame>, x: number, y: number) => [...f.data.subarray((y * f.width + x) * 3, (y * f.width + x) * 3 + 3)]

  it('covers with an opaque piece, mixes a translucent one and leaves a clear one out', () => {
    const f = frame()
    blendOver(f, piece([255, 0, 0, 255], 0, 0))
    blendOver(f, piece([200, 200, 200, 51], 2, 0))
    blendOver(f, piece([0, 0, 255, 0], 0, 1))
    expect(at(f, 0, 0)).toEqual([255, 0, 0])
    expect(at(f, 1, 1)).toEqual([255, 0, 0])
    expect(at(f, 2, 0)).toEqual([120, 120, 120])
    expect(at(f, 0, 2)).toEqual([100, 100, 100])
  })

  it('clips a piece that reaches past the frame', () => {
    const f = frame()
    blendOver(f, piece([0, 255, 0, 255], 3, 2))
    expect(at(f, 3, 2)).toEqual([0, 255, 0])
    expect(f.data.filter((v) => v === 255)).toHaveLength(1)
    blendOver(f, piece([0, 0, 255, 255], -1, -1))
    expect(at(f, 0, 0)).toEqual([0, 0, 255])
    expect(at(f, 1, 0)).toEqual([100, 100, 100])
  })
})
