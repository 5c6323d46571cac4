// The exact image a model is sent: the frame resized to the adapter's canvas, or a region of it (a zoom), as PNG
// bytes for the trace and a data URL for the request.
import sharp, { type Sharp } from 'sharp'
import type { Frame, Size } from '../core/frame.ts'
import type { Box } from '../core/geometry.ts'

/** The largest image an adapter sends by default: a 1920×1080 screen goes at 1280×720. */
export const DEFAULT_CANVAS: Size = { width: 1280, height: 800 }

/**
 * Low zlib level without adaptive filtering: 14 ms instead of 25 ms for a 1920×1080 screen at
 * 1280×720, about 6% more bytes; a provider bills an image by its size in pixels, not in bytes.
 */
const PNG_OPTIONS = { compressionLevel: 2, adaptiveFiltering: false } as const

export interface CanvasImage extends Size {
  png: Uint8Array
  dataUrl: string
}

/** The frame's pixels in sharp: raw RGB when it has them, so the one PNG encoded is at the size sent. */
async function pixels(frame: Frame): Promise<Sharp> {
  const { data, raw } = await frame.image()
  return sharp(data, raw && { raw })
}

export async function encodeCanvas(frame: Frame, canvas: Size): Promise<CanvasImage> {
  const same = frame.width === canvas.width && frame.height === canvas.height
  const png = same
    ? await frame.png()
    : new Uint8Array(await (await pixels(frame)).resize(canvas.width, canvas.height, { fit: 'fill', kernel: 'lanczos3' }).png(PNG_OPTIONS).toBuffer())
  return { png, ...canvas, dataUrl: `data:image/png;base64,${Buffer.from(png).toString('base64')}` }
}

/** A region of the frame (`box` in frame pixels), scaled to fill `max` with its aspect kept: what a zoom action is answered with. */
export async function encodeCrop(frame: Frame, box: Box, max: Size): Promise<CanvasImage> {
  const left = Math.max(0, Math.min(frame.width - 1, Math.round(box.x)))
  const top = Math.max(0, Math.min(frame.height - 1, Math.round(box.y)))
  const width = Math.max(1, Math.min(frame.width - left, Math.round(box.width)))
  const height = Math.max(1, Math.min(frame.height - top, Math.round(box.height)))
  const scale = Math.min(max.width / width, max.height / height)
  const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
  const png = new Uint8Array(await (await pixels(frame)).extract({ left, top, width, height }).resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' }).png(PNG_OPTIONS).toBuffer())
  return { png, ...size, dataUrl: `data:image/png;base64,${Buffer.from(png).toString('base64')}` }
}
