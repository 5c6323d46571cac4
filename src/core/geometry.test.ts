import { describe, expect, it } from 'vitest'
import { canvasFor, fitWithin, fromScreen, smartResize, toScreen } from './geometry.ts'

const screen = { width: 1920, height: 1080 }

describe('fitWithin', () => {
  it('keeps the aspect ratio and never upscales', () => {
    expect(fitWithin(screen, { width: 1280, height: 1280 })).toEqual({ width: 1280, height: 720 })
    expect(fitWithin({ width: 800, height: 600 }, { width: 1280, height: 720 })).toEqual({ width: 800, height: 600 })
  })
})

describe('pixels of the image sent', () => {
  const canvas = { width: 1280, height: 720 }
  it('maps canvas pixels to screen pixels and back', () => {
    expect(toScreen({ x: 640, y: 360 }, { kind: 'pixels' }, canvas, screen)).toEqual({ x: 960, y: 540 })
    expect(fromScreen({ x: 960, y: 540 }, { kind: 'pixels' }, canvas, screen)).toEqual({ x: 640, y: 360 })
  })
})

describe('normalized 0–999', () => {
  const convention = { kind: 'normalized', scale: 1000 } as const
  it('ignores the canvas size', () => {
    expect(toScreen({ x: 500, y: 500 }, convention, { width: 1, height: 1 }, screen)).toEqual({ x: 960, y: 540 })
    expect(toScreen({ x: 0, y: 999 }, convention, { width: 1, height: 1 }, screen)).toEqual({ x: 0, y: 1079 })
  })
})

describe('smart resize (multiples of 28)', () => {
  it('rounds both sides to the factor within the pixel limits', () => {
    const size = smartResize({ width: 1920, height: 1080 }, 28, 56 * 56, 1280 * 28 * 28)
    expect(size.width % 28).toBe(0)
    expect(size.height % 28).toBe(0)
    expect(size.width * size.height).toBeLessThanOrEqual(1280 * 28 * 28)
  })
  it('gives the canvas a smart-resize model is sent, and maps through it', () => {
    const convention = { kind: 'smart-resize', factor: 28, minPixels: 3136, maxPixels: 12845056 } as const
    const canvas = canvasFor(convention, screen, { width: 1280, height: 720 })
    expect(canvas).toEqual({ width: 1288, height: 728 })
    const p = toScreen({ x: canvas.width / 2, y: canvas.height / 2 }, convention, canvas, screen)
    expect(p).toEqual({ x: 960, y: 540 })
  })
})
