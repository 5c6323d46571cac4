import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../core/errors.ts'
import { contentHash, frameDistance, GRID_HEIGHT, GRID_WIDTH } from '../core/frame.ts'
import { encodePng, rawFrame, scanPixels, type RawPixels } from './frame-encoder.ts'

type Rgb = [number, number, number]

/** A width×height image whose pixel colour is `colour(x, y)`, as tight RGB. */
function rgbImage(width: number, height: number, colour: (x: number, y: number) => Rgb): RawPixels {
  const data = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 3)
  return { data, width, height, bytesPerLine: width * 3, bytesPerPixel: 3, red: 0, green: 1, blue: 2 }
}

/** The same image as BGRX rows padded to `bytesPerLine`, padding and X bytes filled with junk. */
function toPaddedBgrx({ data, width, height }: RawPixels, bytesPerLine: number): RawPixels {
  const out = new Uint8Array(bytesPerLine * height).fill(0xab)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 3
      out.set([data[s + 2]!, data[s + 1]!, data[s]!, 0x77], y * bytesPerLine + x * 4)
    }
  }
  return { data: out, width, height, bytesPerLine, bytesPerPixel: 4, red: 2, green: 1, blue: 0 }
}

async function decode(png: Uint8Array): Promise<{ data: Buffer; channels: number; width: number; height: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
  return { data, channels: info.channels, width: info.width, height: info.height }
}

const colourful = (x: number, y: number): Rgb => [(x * 13) & 255, (y * 29) & 255, (x * y + 7) & 255]

describe('rawFrame', () => {
  it('turns padded BGRX into a PNG with the right colours, once, and hashes the bytes as captured', async () => {
    const rgb = rgbImage(64, 30, colourful)
    const bgrx = toPaddedBgrx(rgb, 64 * 4 + 12)
    const frame = rawFrame(bgrx, { at: 1234 })
    expect(frame).toMatchObject({ width: 64, height: 30, at: 1234, hash: contentHash(bgrx.data) })
    const png = await decode(await frame.png())
    expect(png).toMatchObject({ width: 64, height: 30, channels: 3 })
    expect(Buffer.compare(png.data, Buffer.from(rgb.data))).toBe(0)
    expect(await frame.png()).toBe(await frame.png())
    const image = await frame.image()
    expect(Buffer.compare(image.data, rgb.data)).toBe(0)
    expect(image.raw).toEqual({ width: 64, height: 30, channels: 3 })
  })

  it('gives the top rows as tight RGB, converting only those, before the scan and after it', async () => {
    const rgb = rgbImage(64, 30, colourful)
    const frame = rawFrame(toPaddedBgrx(rgb, 64 * 4 + 12))
    const top = frame.top!(7)
    expect(top.raw).toEqual({ width: 64, height: 7, channels: 3 })
    expect(Buffer.compare(top.data, rgb.data.subarray(0, 64 * 7 * 3))).toBe(0)
    await frame.image()
    expect(Buffer.compare(frame.top!(7).data, top.data)).toBe(0)
    expect(frame.top!(99).raw!.height).toBe(30)
    // (tight RGB already: the rows themselves, no copy)
    expect(rawFrame(rgb).top!(7).data.buffer).toBe(rgb.data.buffer)
  })

  it('gives the same phash and luma for the same pixels in any layout', () => {
    const rgb = rgbImage(50, 28, colourful)
    const a = rawFrame(rgb)
    const b = rawFrame(toPaddedBgrx(rgb, 50 * 4))
    expect(b.phash).toBe(a.phash)
    expect(b.luma).toEqual(a.luma)
  })

  it('changes the hash when a single pixel changes', () => {
    const a = rawFrame(rgbImage(48, 32, () => [10, 20, 30]))
    const b = rawFrame(rgbImage(48, 32, (x, y) => (x === 19 && y === 15 ? [10, 20, 31] : [10, 20, 30])))
    expect(b.hash).not.toBe(a.hash)
  })

  it('stamps the same frame at another time, sharing what was computed', async () => {
    const a = rawFrame(rgbImage(48, 32, colourful), { at: 1 })
    const png = await a.png()
    const b = a.stamp(2)
    expect(b).toMatchObject({ at: 2, hash: a.hash, phash: a.phash })
    expect(await b.png()).toBe(png)
  })

  it('reports luma mean and stdev: zero spread on a uniform frame, wide on half black / half white', () => {
    const grey = rawFrame(rgbImage(48, 32, () => [100, 100, 100])).luma
    expect(grey.mean).toBe(100) // the fixed-point weights sum to exactly 1
    expect(grey.stdev).toBe(0)
    const split = rawFrame(rgbImage(48, 32, (x) => (x < 24 ? [0, 0, 0] : [255, 255, 255]))).luma
    expect(split.mean).toBeCloseTo(127.5, 0)
    expect(split.stdev).toBeCloseTo(127.5, 0)
  })
})

describe('scanPixels', () => {
  it('box-filters to the 48×27 perceptual grid: a 2× upscaled grid averages back to itself', () => {
    const cell = (x: number, y: number) => (x * 37 + y * 11) % 256
    const big = rgbImage(GRID_WIDTH * 2, GRID_HEIGHT * 2, (x, y) => {
      const v = cell(x >> 1, y >> 1)
      return [v, v, v]
    })
    const expected = new Uint8Array(GRID_WIDTH * GRID_HEIGHT)
    for (let y = 0; y < GRID_HEIGHT; y++) for (let x = 0; x < GRID_WIDTH; x++) expected[y * GRID_WIDTH + x] = cell(x, y)
    const { gray } = scanPixels(big)
    expect([...gray]).toEqual([...expected])
  })

  it('averages uneven cells without bias (width not a multiple of 48)', () => {
    const { gray } = scanPixels(rgbImage(1000, 37, () => [200, 200, 200]))
    expect(new Set(gray)).toEqual(new Set([200]))
  })

  it('rejects layouts that cannot be right', () => {
    const ok = rgbImage(48, 32, () => [0, 0, 0])
    const bad: Array<[Partial<RawPixels>, RegExp]> = [
      [{ width: 0 }, /size 0×32 is not a picture/],
      [{ bytesPerPixel: 2 as 3 }, /bytesPerPixel 2/],
      [{ red: 3 }, /channel offsets r=3/],
      [{ bytesPerLine: 143 }, /bytesPerLine 143 is shorter/],
      [{ data: ok.data.subarray(1) }, /cannot hold 32 rows/],
    ]
    for (const [change, message] of bad) {
      let caught: unknown
      try {
        scanPixels({ ...ok, ...change })
      } catch (error) {
        caught = error
      }
      expect(isAgentprobeError(caught), String(message)).toBe(true)
      expect((caught as Error).message).toMatch(message)
    }
  })
})

describe('encodePng', () => {
  it('keeps the PNG bytes and matches rawFrame on the same tight RGB', async () => {
    const rgb = rgbImage(60, 40, colourful)
    const fromRaw = rawFrame(rgb)
    const png = await fromRaw.png()
    const frame = await encodePng(png, { at: 5 })
    expect(await frame.png()).toBe(png)
    expect(frame).toMatchObject({ width: 60, height: 40, hash: fromRaw.hash, phash: fromRaw.phash, at: 5 })
    expect(frame.luma).toEqual(fromRaw.luma)
  })

  it('reads RGBA and grayscale PNGs as RGB', async () => {
    const rgba = await sharp({ create: { width: 48, height: 32, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer()
    expect((await encodePng(rgba)).hash).toBe(contentHash(rgbImage(48, 32, () => [255, 0, 0]).data))
    const gray = await sharp(Buffer.alloc(48 * 32, 90), { raw: { width: 48, height: 32, channels: 1 } }).png().toBuffer()
    expect((await encodePng(gray)).hash).toBe(contentHash(rgbImage(48, 32, () => [90, 90, 90]).data))
  })

  it('throws a TargetError for bytes that are not an image', async () => {
    await expect(encodePng(new Uint8Array([1, 2, 3]))).rejects.toThrow(/cannot decode the captured PNG \(3 bytes\)/)
  })

  it('phash tells a left-bright from a right-bright gradient, and equal pixels match', async () => {
    const left = rawFrame(rgbImage(96, 54, (x) => [255 - x * 2, 255 - x * 2, 255 - x * 2]))
    const right = rawFrame(rgbImage(96, 54, (x) => [x * 2, x * 2, x * 2]))
    const again = rawFrame(rgbImage(96, 54, (x) => [x * 2, x * 2, x * 2]))
    expect(left.phash).toHaveLength(GRID_WIDTH * GRID_HEIGHT * 2)
    expect(frameDistance(left.phash, right.phash)).toBeGreaterThan(GRID_WIDTH * GRID_HEIGHT * 0.8)
    expect(frameDistance(right.phash, again.phash)).toBe(0)
  })
})
