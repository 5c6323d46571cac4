import { describe, expect, it } from 'vitest'
import { canvasFor, toScreen } from '../../core/geometry.ts'
import { familyFor } from './index.ts'
import { qwen3Vl } from './qwen3-vl.ts'

const screen = { width: 1920, height: 1080 }

describe('qwen3-vl family (0–999 grid)', () => {
  it('claims Qwen3-VL names, and not Qwen2.5-VL', () => {
    for (const m of ['qwen3-vl-8b-instruct', 'Qwen/Qwen3-VL-235B-A22B-Instruct', 'qwen3vl:30b', 'qwen3-vl:4b']) expect(familyFor(m).name).toBe('qwen3-vl')
    expect(familyFor('qwen2.5-vl-7b').name).not.toBe('qwen3-vl')
  })

  it('maps the grid onto the whole screen', () => {
    const canvas = canvasFor(qwen3Vl.convention, screen, { width: 1280, height: 800 })
    expect(toScreen({ x: 250, y: 750 }, qwen3Vl.convention, canvas, screen)).toEqual({ x: 480, y: 810 })
    expect(toScreen({ x: 999, y: 0 }, qwen3Vl.convention, canvas, screen).x).toBeLessThan(1920)
  })
})
