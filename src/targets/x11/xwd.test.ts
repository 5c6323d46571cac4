import { describe, expect, it } from 'vitest'
import { scanPixels } from '../frame-encoder.ts'
import { parseXwdHeader, xwdByteLength, xwdPixels } from './xwd.ts'

interface XwdSpec {
  width?: number
  height?: number
  bitsPerPixel?: number
  byteOrder?: 0 | 1
  masks?: [number, number, number]
  bytesPerLine?: number
  colormapEntries?: number
  name?: string
  version?: number
  pixmapFormat?: number
  visualClass?: number
}

type Rgb = [number, number, number]

/** A synthetic XWD file (big-endian header) whose pixel at (x, y) is `colour(x, y)`, encoded per the spec. */
function makeXwd(spec: XwdSpec, colour: (x: number, y: number) => Rgb = () => [0, 0, 0]): Buffer {
  const { width = 20, height = 16, bitsPerPixel = 32, byteOrder = 0, masks = [0xff0000, 0xff00, 0xff], colormapEntries = 0 } = spec
  const bytesPerPixel = bitsPerPixel / 8
  const bytesPerLine = spec.bytesPerLine ?? width * bytesPerPixel
  const name = Buffer.from(`${spec.name ?? 'Xvfb test'}\0`, 'latin1')
  const headerSize = 100 + name.length
  const fields = [headerSize, spec.version ?? 7, spec.pixmapFormat ?? 2, 24, width, height, 0, byteOrder, 32, byteOrder, 32, bitsPerPixel, bytesPerLine, spec.visualClass ?? 4, ...masks, 8, colormapEntries, colormapEntries, width, height, 0, 0, 0]
  const header = Buffer.alloc(100)
  fields.forEach((v, i) => header.writeUInt32BE(v >>> 0, i * 4))
  const pixels = Buffer.alloc(bytesPerLine * height, 0xee) // padding is junk
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y)
      const shift = (mask: number) => Math.log2(mask & -mask)
      const value = ((r << shift(masks[0])) | (g << shift(masks[1])) | (b << shift(masks[2]))) >>> 0
      const at = y * bytesPerLine + x * bytesPerPixel
      for (let k = 0; k < bytesPerPixel; k++) {
        const byte = (value >>> (8 * k)) & 0xff // byte k of the value, least significant first
        pixels[at + (byteOrder === 0 ? k : bytesPerPixel - 1 - k)] = byte
      }
    }
  }
  return Buffer.concat([header, name, Buffer.alloc(colormapEntries * 12, 0x55), pixels])
}

const pattern = (x: number, y: number): Rgb => [(x * 11 + 1) & 255, (y * 23 + 2) & 255, (x + y * 3 + 3) & 255]

function expectPixels(buffer: Buffer, width: number, height: number): void {
  const { rgb } = scanPixels(xwdPixels(buffer))
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      expect([rgb[i], rgb[i + 1], rgb[i + 2]], `pixel ${x},${y}`).toEqual(pattern(x, y))
    }
  }
}

describe('parseXwdHeader', () => {
  it("reads Xvfb's usual layout: 32 bpp LSBFirst, 0xff0000 red, 256 colormap entries → BGRX", () => {
    const xwd = makeXwd({ width: 24, height: 18, colormapEntries: 256, name: 'Xvfb vm:0.0' }, pattern)
    const header = parseXwdHeader(xwd)
    expect(header).toMatchObject({ width: 24, height: 18, bitsPerPixel: 32, bytesPerLine: 96, windowName: 'Xvfb vm:0.0' })
    expect(header.pixelOffset).toBe(100 + 12 + 256 * 12)
    expect(header.layout).toEqual({ width: 24, height: 18, bytesPerLine: 96, bytesPerPixel: 4, red: 2, green: 1, blue: 0 })
    expect(xwdByteLength(header)).toBe(xwd.length)
    expectPixels(xwd, 24, 18)
  })

  const layouts: Array<[string, XwdSpec, { red: number; green: number; blue: number }]> = [
    ['32 bpp MSBFirst', { byteOrder: 1 }, { red: 1, green: 2, blue: 3 }],
    ['32 bpp LSBFirst, red in the low byte', { masks: [0xff, 0xff00, 0xff0000] }, { red: 0, green: 1, blue: 2 }],
    ['32 bpp MSBFirst, red in the top byte', { byteOrder: 1, masks: [0xff000000, 0xff0000, 0xff00] }, { red: 0, green: 1, blue: 2 }],
    ['24 bpp LSBFirst', { bitsPerPixel: 24 }, { red: 2, green: 1, blue: 0 }],
    ['24 bpp MSBFirst', { bitsPerPixel: 24, byteOrder: 1 }, { red: 0, green: 1, blue: 2 }],
    ['24 bpp with padded rows', { bitsPerPixel: 24, bytesPerLine: 20 * 3 + 4 }, { red: 2, green: 1, blue: 0 }],
    ['32 bpp with padded rows', { bytesPerLine: 20 * 4 + 16 }, { red: 2, green: 1, blue: 0 }],
  ]
  for (const [label, spec, offsets] of layouts) {
    it(`finds the channels of ${label} and the pixels decode to the right colours`, () => {
      const xwd = makeXwd(spec, pattern)
      expect(parseXwdHeader(xwd).layout).toMatchObject(offsets)
      expectPixels(xwd, 20, 16)
    })
  }

  it('returns a view of the pixel bytes, not a copy', () => {
    const xwd = makeXwd({}, pattern)
    const pixels = xwdPixels(xwd)
    expect(pixels.data.buffer).toBe(xwd.buffer)
    expect(pixels.data.byteOffset).toBe(xwd.byteOffset + parseXwdHeader(xwd).pixelOffset)
  })

  const bad: Array<[string, Buffer, RegExp]> = [
    ['a short buffer', Buffer.alloc(40), /40 bytes is shorter than the 100-byte header/],
    ['another file version', makeXwd({ version: 6 }), /file_version 6 is not 7/],
    ['XYPixmap', makeXwd({ pixmapFormat: 1 }), /pixmap_format 1 is not ZPixmap/],
    ['PseudoColor', makeXwd({ visualClass: 3 }), /visual_class 3 is not TrueColor/],
    ['16 bpp', makeXwd({ bitsPerPixel: 16, masks: [0xf800, 0x7e0, 0x1f] }), /bits_per_pixel 16 is not 24 or 32/],
    ['a 10-bit mask', makeXwd({ masks: [0x3ff00000, 0xffc00, 0x3ff] }), /red_mask 0x3ff00000 is not one whole byte/],
    ['a mask outside a 24-bit pixel', makeXwd({ bitsPerPixel: 24, masks: [0xff000000, 0xff00, 0xff] }), /red_mask 0xff000000 .* 24-bit pixel/],
    ['overlapping masks', makeXwd({ masks: [0xff, 0xff, 0xff0000] }), /masks overlap/],
    ['rows shorter than the width', makeXwd({ bytesPerLine: 40 }), /bytes_per_line 40 is shorter than 20 pixels of 4 bytes/],
  ]
  for (const [label, buffer, message] of bad) {
    it(`rejects ${label} with a clear message`, () => {
      expect(() => parseXwdHeader(buffer, 'fb.xwd')).toThrow(message)
      expect(() => parseXwdHeader(buffer, 'fb.xwd')).toThrow(/^fb\.xwd: /)
    })
  }

  it('rejects pixel data cut short', () => {
    const xwd = makeXwd({}, pattern)
    expect(() => xwdPixels(xwd.subarray(0, xwd.length - 1))).toThrow(/shorter than the \d+ its 20×16 header needs/)
  })
})
