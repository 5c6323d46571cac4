import { describe, expect, it } from 'vitest'
import { anthropicCanvas, defaultTool, toolEntry } from './computer-tool.ts'

describe('defaultTool', () => {
  it.each([
    ['claude-sonnet-4-6', 'computer_20251124'],
    ['claude-opus-4-6', 'computer_20251124'],
    ['claude-opus-4-8', 'computer_20251124'],
    ['claude-opus-4-5-20251101', 'computer_20251124'],
    ['claude-sonnet-4-5', 'computer_20250124'],
    ['claude-haiku-4-5-20251001', 'computer_20250124'],
    ['claude-opus-4-1', 'computer_20250124'],
    ['claude-sonnet-4', 'computer_20250124'],
    ['claude-3-7-sonnet-latest', 'computer_20250124'],
    ['claude-opus-5', 'computer_toolset_20260801'],
    ['claude-sonnet-5-5', 'computer_toolset_20260801'],
  ])('%s → %s', (model, tool) => {
    expect(defaultTool(model)).toBe(tool)
  })
})

describe('anthropicCanvas', () => {
  it('fits the screen in 1280×800 and 1.15 megapixels, aspect kept', () => {
    expect(anthropicCanvas({ width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 })
    expect(anthropicCanvas({ width: 1080, height: 2400 })).toEqual({ width: 360, height: 800 })
    expect(anthropicCanvas({ width: 1024, height: 768 })).toEqual({ width: 1024, height: 768 })
    const big = anthropicCanvas({ width: 2560, height: 1600 }, { width: 2560, height: 1600 })
    expect(big.width * big.height).toBeLessThanOrEqual(1_150_000)
    expect(big.width / big.height).toBeCloseTo(1.6, 2)
  })
})

describe('toolEntry', () => {
  it('the GA toolset declares no display; a beta tool declares the image it is shown', () => {
    expect(toolEntry('computer_toolset_20260801', { width: 1280, height: 720 })).toEqual({ type: 'computer_toolset_20260801' })
    expect(toolEntry('computer_20251124', { width: 1280, height: 720 })).toEqual({ type: 'computer_20251124', name: 'computer', display_width_px: 1280, display_height_px: 720, enable_zoom: true })
    expect(toolEntry('computer_20250124', { width: 1024, height: 768 })).toEqual({ type: 'computer_20250124', name: 'computer', display_width_px: 1024, display_height_px: 768 })
  })
})
