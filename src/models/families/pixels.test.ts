import { describe, expect, it } from 'vitest'
import { canvasFor, fromScreen, toScreen } from '../../core/geometry.ts'
import { familyFor } from './index.ts'
import { pixels } from './pixels.ts'

const screen = { width: 1920, height: 1080 }
const max = { width: 1280, height: 800 }

describe('pixels family', () => {
  it('is the default for names no family claims', () => {
    for (const m of ['gpt-5.4', 'llava:13b', 'pixtral-12b', 'claude-x']) expect(familyFor(m).name).toBe('pixels')
  })

  it('sends the screen fitted into the canvas limit, aspect kept', () => {
    expect(canvasFor(pixels.convention, screen, max)).toEqual({ width: 1280, height: 720 })
    expect(canvasFor(pixels.convention, { width: 800, height: 600 }, max)).toEqual({ width: 800, height: 600 })
  })

  it('maps image pixels to screen pixels, corners inside the screen', () => {
    const canvas = canvasFor(pixels.convention, screen, max)
    expect(toScreen({ x: 0, y: 0 }, pixels.convention, canvas, screen)).toEqual({ x: 0, y: 0 })
    expect(toScreen({ x: 640, y: 360 }, pixels.convention, canvas, screen)).toEqual({ x: 960, y: 540 })
    expect(toScreen({ x: 1279, y: 719 }, pixels.convention, canvas, screen)).toEqual({ x: 1919, y: 1079 })
    expect(fromScreen({ x: 1770, y: 63 }, pixels.convention, canvas, screen)).toEqual({ x: 1180, y: 42 })
  })

  it('states the exact image size in the prompt', () => {
    expect(pixels.describe({ width: 1280, height: 720 })).toContain('1280×720')
  })
})
