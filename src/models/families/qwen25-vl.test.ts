import { describe, expect, it } from 'vitest'
import { canvasFor, toScreen } from '../../core/geometry.ts'
import { familyFor } from './index.ts'
import { qwen25Vl } from './qwen25-vl.ts'

const screen = { width: 1920, height: 1080 }
const canvas = canvasFor(qwen25Vl.convention, screen, { width: 1280, height: 800 })

describe('qwen2.5-vl family (pixels of the smart-resized image)', () => {
  it('claims Qwen2.5-VL names', () => {
    for (const m of ['qwen2.5-vl-7b-instruct', 'Qwen/Qwen2.5-VL-72B-Instruct', 'qwen2.5vl:7b', 'qwen25-vl']) expect(familyFor(m).name).toBe('qwen2.5-vl')
  })

  it('sends an image whose sides are multiples of 28, close to the canvas', () => {
    expect(canvas).toEqual({ width: 1288, height: 728 })
    expect(canvas.width % 28).toBe(0)
    expect(canvas.height % 28).toBe(0)
  })

  it('maps pixels of that image back to the screen', () => {
    expect(toScreen({ x: 644, y: 364 }, qwen25Vl.convention, canvas, screen)).toEqual({ x: 960, y: 540 })
    expect(toScreen({ x: 1287, y: 727 }, qwen25Vl.convention, canvas, screen)).toEqual({ x: 1919, y: 1079 })
  })

  it('grows a tiny screen to the minimum area', () => {
    const small = canvasFor(qwen25Vl.convention, { width: 40, height: 30 }, { width: 1280, height: 800 })
    expect(small.width * small.height).toBeGreaterThanOrEqual(56 * 56)
  })
})
