import { describe, expect, it } from 'vitest'
import { canvasFor, toScreen } from '../../core/geometry.ts'
import { glm } from './glm.ts'
import { familyFor } from './index.ts'

const screen = { width: 1366, height: 768 }

describe('glm family (0–999 grid)', () => {
  it('claims GLM vision names', () => {
    for (const m of ['glm-4.5v', 'GLM-4.6V-Flash', 'zai-org/GLM-4.1V-9B-Thinking', 'glm4v']) expect(familyFor(m).name).toBe('glm')
  })

  it('maps the grid onto a screen of any shape', () => {
    const canvas = canvasFor(glm.convention, screen, { width: 1280, height: 800 })
    expect(canvas).toEqual({ width: 1280, height: 720 })
    expect(toScreen({ x: 500, y: 500 }, glm.convention, canvas, screen)).toEqual({ x: 683, y: 384 })
    expect(toScreen({ x: 999, y: 999 }, glm.convention, canvas, screen)).toEqual({ x: 1365, y: 767 })
  })
})
