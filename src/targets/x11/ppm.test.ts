import { describe, expect, it } from 'vitest'
import { parsePpm } from './ppm.ts'

const ppm = (header: string, body: number[]) => Buffer.concat([Buffer.from(header, 'latin1'), Buffer.from(body)])

describe('parsePpm', () => {
  it('reads a P6 image as a tight RGB view', () => {
    const buffer = ppm('P6\n2 1\n255\n', [1, 2, 3, 4, 5, 6])
    const pixels = parsePpm(buffer)
    expect(pixels).toMatchObject({ width: 2, height: 1, bytesPerLine: 6, bytesPerPixel: 3, red: 0, green: 1, blue: 2 })
    expect([...pixels.data]).toEqual([1, 2, 3, 4, 5, 6])
    expect(pixels.data.buffer).toBe(buffer.buffer)
  })

  it('skips comments and any whitespace between header fields, and only one byte after maxval', () => {
    const pixels = parsePpm(ppm('P6 # made by a test\n 1\t1 # size\n255\n', [10, 32, 12]))
    expect([...pixels.data]).toEqual([10, 32, 12]) // 32 is a space byte: pixel data, not header whitespace
  })

  it.each([
    ['P3\n1 1\n255\n', [1, 2, 3], /magic "P3" is not P6/],
    ['P6\n0 1\n255\n', [], /not a positive size/],
    ['P6\n1 x\n255\n', [1, 2, 3], /not a positive size/],
    ['P6\n1 1\n65535\n', [1, 2, 3, 4, 5, 6], /maxval 65535 is not 255/],
    ['P6\n2 2\n255\n', [1, 2, 3], /shorter than the \d+ a 2×2 image needs/],
  ])('rejects %j', (header, body, message) => {
    expect(() => parsePpm(ppm(header, body), 'shot.ppm')).toThrow(message)
  })
})
