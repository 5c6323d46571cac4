import { describe, expect, it } from 'vitest'
import { inputScale, parseWmDensity, parseWmSize } from './display-info.ts'

describe('wm output', () => {
  it('reads the physical size and an override', () => {
    expect(parseWmSize('Physical size: 1080x2280\n')).toEqual({ physical: { width: 1080, height: 2280 } })
    expect(parseWmSize('Physical size: 1440x3040\r\nOverride size: 1080x2280\r\n')).toEqual({
      physical: { width: 1440, height: 3040 },
      override: { width: 1080, height: 2280 },
    })
  })

  it('prefers the override density', () => {
    expect(parseWmDensity('Physical density: 440')).toBe(440)
    expect(parseWmDensity('Physical density: 560\nOverride density: 420\n')).toBe(420)
  })

  it('names what it got when the output is not what wm prints', () => {
    expect(() => parseWmSize('cmd: Failure calling service window')).toThrow(/not "Physical size/)
    expect(() => parseWmDensity('')).toThrow(/wm density/)
  })
})

describe('inputScale', () => {
  const display = { physical: { width: 1080, height: 2280 }, density: 440 }

  it('is 1 when the frame is the display', () => {
    expect(inputScale({ width: 1080, height: 2280 }, display)).toEqual({ x: 1, y: 1 })
  })

  it('follows the frame into landscape', () => {
    expect(inputScale({ width: 2280, height: 1080 }, display)).toEqual({ x: 1, y: 1 })
  })

  it('maps captured pixels onto an override size', () => {
    expect(inputScale({ width: 1080, height: 2280 }, { ...display, override: { width: 720, height: 1520 } })).toEqual({ x: 720 / 1080, y: 1520 / 2280 })
  })
})
