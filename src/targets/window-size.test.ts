import { describe, expect, it } from 'vitest'
import { windowSizeFor } from './window-size.ts'

describe('windowSizeFor', () => {
  it('asks for the screen in CSS pixels, never a pixel more than the screen', () => {
    expect(windowSizeFor({ width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 })
    expect(windowSizeFor({ width: 1280, height: 720 }, 2)).toEqual({ width: 640, height: 360 })
    expect(windowSizeFor({ width: 1920, height: 1080 }, 1.25)).toEqual({ width: 1536, height: 864 })
    const odd = windowSizeFor({ width: 1280, height: 721 }, 1.5)
    expect(odd).toEqual({ width: 853, height: 480 })
    expect(odd.width * 1.5).toBeLessThanOrEqual(1280)
  })
})
