// Annotated frames differ in size (a frame with a note has a taller caption band; a phone's frames
// are narrower than a browser's) and in PNG colour type (palette or not), and ffmpeg's filter graph
// stops at the first change of either. So before encoding every frame is rewritten to one size and
// one pixel format: padded, never stretched, and scaled down to the GIF's width in the same pass,
// so ffmpeg only maps colours (measured: about the same CPU as its own lanczos scale, 2.5 CPU-s for
// a 9-frame GIF in all; the frames it reads are a quarter of the size).
import { join } from 'node:path'
import sharp from 'sharp'
import type { Size } from '../core/frame.ts'

/**
 * Copies of the frames in `workDir`, all at the largest frame's size (scaled down to at most
 * `maxWidth`, to an even height) as 8-bit RGB: a smaller frame gets bands below it and evenly left
 * and right, so its top (the header) stays where it was.
 */
export async function evenFrames(files: readonly string[], workDir: string, background: string, maxWidth = Number.POSITIVE_INFINITY): Promise<{ files: string[]; size: Size }> {
  const sizes = await Promise.all(files.map((file) => sizeOf(file)))
  const largest = { width: Math.max(...sizes.map((s) => s.width)), height: Math.max(...sizes.map((s) => s.height)) }
  const ratio = Math.min(1, maxWidth / largest.width)
  const size = { width: Math.round(largest.width * ratio), height: 2 * Math.round((largest.height * ratio) / 2) }
  const even = await Promise.all(
    files.map(async (file, i) => {
      // sharp resizes before it extends: each frame is scaled, then padded to the scaled size.
      const own = { width: Math.min(size.width, Math.round(sizes[i]!.width * ratio)), height: Math.min(size.height, Math.round(sizes[i]!.height * ratio)) }
      const left = Math.floor((size.width - own.width) / 2)
      const out = join(workDir, `frame-${String(i + 1).padStart(3, '0')}.png`)
      await sharp(file)
        .flatten({ background })
        .resize(own.width, own.height, { fit: 'fill' })
        .extend({ top: 0, bottom: size.height - own.height, left, right: size.width - own.width - left, background })
        .toColourspace('srgb')
        .png({ compressionLevel: 1, palette: false })
        .toFile(out)
      return out
    }),
  )
  return { files: even, size }
}

async function sizeOf(file: string): Promise<Size> {
  const { width, height } = await sharp(file).metadata()
  if (!width || !height) throw new Error(`${file} has no image size`)
  return { width, height }
}
