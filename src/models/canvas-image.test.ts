import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { encodeCanvas } from './canvas-image.ts'

describe('encodeCanvas', () => {
  it('sends the frame resized to the canvas, as PNG bytes and the matching data URL', async () => {
    const frame = await loadFrame('popup-open')
    const image = await encodeCanvas(frame, { width: 1280, height: 720 })
    const meta = await sharp(image.png).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1280, 720])
    expect(image.dataUrl).toBe(`data:image/png;base64,${Buffer.from(image.png).toString('base64')}`)
  })

  it('sends the frame itself when it already has the canvas size', async () => {
    const frame = await loadFrame('popup-open')
    expect((await encodeCanvas(frame, { width: 1920, height: 1080 })).png).toBe(await frame.png())
  })
})
