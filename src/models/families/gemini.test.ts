import { describe, expect, it } from 'vitest'
import { canvasFor, fromScreen, toScreen } from '../../core/geometry.ts'
import { gemini } from './gemini.ts'
import { familyFor } from './index.ts'

const screen = { width: 1920, height: 1080 }
const canvas = canvasFor(gemini.convention, screen, { width: 1280, height: 800 })

describe('gemini family (0–999 grid)', () => {
  it('claims Gemini model names', () => {
    for (const m of ['gemini-2.5-flash', 'gemini-3-pro-preview', 'models/gemini-2.5-computer-use-preview-10-2025', 'google/Gemini-2.0']) {
      expect(familyFor(m).name).toBe('gemini')
    }
  })

  it('is independent of the image size sent', () => {
    expect(canvas).toEqual({ width: 1280, height: 720 })
    expect(toScreen({ x: 500, y: 500 }, gemini.convention, canvas, screen)).toEqual({ x: 960, y: 540 })
    expect(toScreen({ x: 500, y: 500 }, gemini.convention, { width: 640, height: 360 }, screen)).toEqual({ x: 960, y: 540 })
  })

  it('keeps 999 on the last pixel, inside the screen', () => {
    const p = toScreen({ x: 999, y: 999 }, gemini.convention, canvas, screen)
    expect(p.x).toBeLessThan(screen.width)
    expect(p.y).toBeLessThan(screen.height)
    expect(p).toEqual({ x: 1918, y: 1079 })
    expect(toScreen({ x: 0, y: 0 }, gemini.convention, canvas, screen)).toEqual({ x: 0, y: 0 })
  })

  it('round-trips a screen point within a pixel or two', () => {
    const grid = fromScreen({ x: 1770, y: 63 }, gemini.convention, canvas, screen)
    expect(grid).toEqual({ x: 922, y: 58 })
    const back = toScreen(grid, gemini.convention, canvas, screen)
    expect(Math.abs(back.x - 1770)).toBeLessThanOrEqual(2)
    expect(Math.abs(back.y - 63)).toBeLessThanOrEqual(2)
  })

  it('tells the model the grid, not the pixel size', () => {
    expect(gemini.describe(canvas)).toMatch(/0 to 999/)
    expect(gemini.describe(canvas)).not.toContain('1280')
  })
})
