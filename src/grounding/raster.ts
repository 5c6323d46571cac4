// Decoded pixels, so that layout analysis, OCR tiles and template matching share one decode of a
// frame instead of each asking sharp again.
import sharp from 'sharp'
import type { Frame, Raster } from '../core/frame.ts'

export type { Raster }

/** A PNG (or any image sharp reads) as RGB pixels, alpha flattened onto white. */
export async function decodeImage(image: Uint8Array | string): Promise<Raster> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
}

/** A frame's pixels: its raw RGB as they are, or its PNG decoded. */
export async function frameRaster(frame: Pick<Frame, 'image'>): Promise<Raster> {
  const image = await frame.image()
  return image.raw ? { data: image.data, width: image.raw.width, height: image.raw.height } : decodeImage(image.data)
}

/**
 * The top `rows` rows of a frame's pixels (the toolbar's band, toolbarDepth): from a raw capture
 * only those rows are converted (15% of a frame's at scale 1).
 */
export async function frameTop(frame: Pick<Frame, 'image' | 'top'>, rows: number): Promise<Raster> {
  const top = frame.top?.(rows)
  if (top?.raw) return { data: top.data, width: top.raw.width, height: top.raw.height }
  const { data, width, height } = await frameRaster(frame)
  const count = Math.min(rows, height)
  return { data: data.subarray(0, count * width * 3), width, height: count }
}

/** Luma (BT.601), one byte a pixel. */
export function toGray(raster: Raster): Uint8Array {
  const { data, width, height } = raster
  const gray = new Uint8Array(width * height)
  for (let i = 0, p = 0; i < gray.length; i++, p += 3) {
    gray[i] = (data[p]! * 299 + data[p + 1]! * 587 + data[p + 2]! * 114 + 500) / 1000
  }
  return gray
}

/** One-channel pixels as a PNG, fast to encode (OCR input, not for keeping). */
export async function encodeGray(gray: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  return sharp(gray, { raw: { width, height, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer()
}
