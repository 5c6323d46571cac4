import { expect, it } from 'vitest'
import { contrastRatio, parseComputedColour } from './contrast.ts'

const colour = parseComputedColour

it('reads the colours getComputedStyle returns, with or without alpha', () => {
  expect(colour('rgb(32, 33, 36)')).toEqual({ r: 32, g: 33, b: 36, a: 1 })
  expect(colour('rgba(0, 0, 0, 0.5)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 })
  expect(colour('rgb(0 0 0 / 50%)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 })
  expect(() => colour('#202124')).toThrow('not a computed colour: "#202124"')
})

it('is 21 for black on white, 1 for a colour on itself, and about 13 for a dark theme’s text', () => {
  expect(contrastRatio(colour('rgb(0, 0, 0)'), colour('rgb(255, 255, 255)'))).toBeCloseTo(21, 5)
  expect(contrastRatio(colour('rgb(255, 255, 255)'), colour('rgb(0, 0, 0)'))).toBeCloseTo(21, 5)
  expect(contrastRatio(colour('rgb(32, 33, 36)'), colour('rgb(32, 33, 36)'))).toBe(1)
  expect(contrastRatio(colour('rgb(232, 234, 237)'), colour('rgb(32, 33, 36)'))).toBeCloseTo(13.36, 2)
})

it('sees text of a transparent colour as the background it lets through', () => {
  expect(contrastRatio(colour('rgba(255, 255, 255, 0)'), colour('rgb(32, 33, 36)'))).toBe(1)
})
