import { describe, expect, it } from 'vitest'
import { canvasFor, toScreen } from '../../core/geometry.ts'
import { familyFor } from './index.ts'
import { uiTars } from './ui-tars.ts'

const screen = { width: 1920, height: 1080 }

describe('ui-tars family (pixels of the smart-resized image)', () => {
  it('claims UI-TARS names before the Qwen families they are built on', () => {
    for (const m of ['ui-tars-1.5-7b', 'ByteDance-Seed/UI-TARS-1.5-7B', 'ui_tars-qwen2.5vl', 'UITARS-72B']) expect(familyFor(m).name).toBe('ui-tars')
  })

  it('uses a 28-px grid with a larger minimum area than Qwen2.5-VL', () => {
    const canvas = canvasFor(uiTars.convention, screen, { width: 1280, height: 800 })
    expect(canvas).toEqual({ width: 1288, height: 728 })
    const small = canvasFor(uiTars.convention, { width: 200, height: 150 }, { width: 1280, height: 800 })
    expect(small.width * small.height).toBeGreaterThanOrEqual(100 * 28 * 28)
    expect(toScreen({ x: 0, y: 727 }, uiTars.convention, canvas, screen)).toEqual({ x: 0, y: 1079 })
  })
})
