// Annotated frames differ in size (a frame with a note has a taller caption band; a phone's frames
// are narrower than a browser's), and an animated image is one size and one pixel format
// throughout. So before encoding every frame is decoded to one size as raw RGB: padded, never
// stretched, and scaled down to the GIF's width in the same pass.
import sharp from 'sharp'
import type { Size } from '../core/frame.ts'

export interface EvenFrames {
  /** One buffer per frame, `size.width × size.height × 3` bytes (8-bit RGB, rows top to bottom). */
  frames: Buffer[]
  size: Size
}

/**
 * The frames, all at the largest frame's size (scaled down to at most `maxWidth`, to an even
 * height) as raw 8-bit RGB: a smaller frame gets bands below it and evenly left and right, so its
 * top (the header) stays where it was.
 */
export async function evenFrames(files: readonly string[], background: string, maxWidth = Number.POSITIVE_INFINITY): Promise<EvenFrames> {
  const sizes = await Promise.all(files.map((file) => sizeOf(file)))
  const largest = { width: Math.max(...sizes.map((s) => s.width)), height: Math.max(...sizes.map((s) => s.height)) }
  const ratio = Math.min(1, maxWidth / largest.width)
  const size = { width: Math.round(largest.width * ratio), height: 2 * Math.round((largest.height * ratio) / 2) }
  const frames = await Promise.all(
    files.map(async (file, i) => {
      // sharp resizes before it extends: each frame is scaled, then padded to the scaled size.
      const own = { width: Math.min(size.width, Math.round(sizes[i]!.width * ratio)), height: Math.min(size.height, Math.round(sizes[i]!.height * ratio)) }
      const left = Math.floor((size.width - own.width) / 2)
      return sharp(file)
        .flatten({ background })
        .resize(own.width, own.height, { fit: 'fill' })
        .extend({ top: 0, bottom: size.height - own.height, left, right: size.width - own.width - left, background })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer()
    }),
  )
  return { frames, size }
}

async function sizeOf(file: string): Promise<Size> {
  const { width, height } = await sharp(file).metadata()
  if (!width || !height) throw new Error(`${file} has no image size`)
  return { width, height }
}
