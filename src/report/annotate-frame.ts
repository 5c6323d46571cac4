// Draws a frame note onto the frame the model saw: sharp scales it down to a bounded size and adds
// the bands, each SVG piece of the overlay is rasterised on its own and blended in place here.
import sharp from 'sharp'
import type { Raster, Size } from '../core/frame.ts'
import type { FrameNote } from './frame-notes.ts'
import { overlayBands, overlayPieces, type OverlayPiece } from './overlay.ts'

export interface AnnotateOptions {
  /** The frame is scaled down to fit this box, px (default 1280×1280: a 1920×1080 screen → 1280×720, a 1080×2280 phone → 606×1280). */
  maxWidth?: number
  maxHeight?: number
  /** The screen the actions' coordinates refer to (default: the frame's own size). */
  screen?: Size
}

export const ANNOTATED_MAX_SIDE = 1280

/** The colour of the bands around the frame (the note band, the padding of a GIF's smaller frames). */
export const BAND_BACKGROUND = '#111827'

export async function annotateFrame(input: string | Uint8Array, note: FrameNote, options: AnnotateOptions = {}): Promise<Buffer> {
  const { data, width, height } = await annotatedPixels(input, note, options)
  // Full colour at zlib's default level: a palette (libimagequant at its lowest effort) took 40-55 ms
  // a 1280×782 frame against 8-11 ms, for files half the size (27 against 60 KB on a menu), and the
  // frame it was drawn from, kept beside it at full size, is full colour already.
  return sharp(data, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer()
}

/** The annotated frame's pixels, before encoding. */
export async function annotatedPixels(input: string | Uint8Array, note: FrameNote, options: AnnotateOptions = {}): Promise<Raster> {
  const image = sharp(input)
  const meta = await image.metadata()
  if (!meta.width || !meta.height) throw new Error(`annotateFrame: ${note.file} has no image size`)
  const ratio = Math.min(1, (options.maxWidth ?? ANNOTATED_MAX_SIDE) / meta.width, (options.maxHeight ?? ANNOTATED_MAX_SIDE) / meta.height)
  const width = Math.round(meta.width * ratio)
  const height = Math.round(meta.height * ratio)
  const bands = overlayBands(width, height, note.note !== undefined)
  const pieces = overlayPieces({
    width,
    height,
    scale: width / (options.screen?.width ?? meta.width),
    header: note.header,
    tone: note.tone,
    actions: note.actions,
    note: note.note,
  })
  const [canvas, ...drawn] = await Promise.all([
    image.resize(width, height).extend({ ...bands, background: BAND_BACKGROUND }).flatten({ background: BAND_BACKGROUND }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
    ...pieces.map(rasterise),
  ])
  if (canvas.info.channels !== 3) throw new Error(`annotateFrame: ${note.file} came out with ${canvas.info.channels} channels, not RGB`)
  const frame = { data: canvas.data, width: canvas.info.width, height: canvas.info.height }
  // sharp's composite works over the whole frame per piece (two thirds of a frame's time: 50 of 77 ms
  // at 1280×782 before encoding); the pieces cover a few bands and markers, so they are blended here.
  for (const piece of drawn) blendOver(frame, piece)
  return frame
}

/** One piece as 8-bit RGBA (straight alpha), at its place on the canvas. */
interface RgbaPiece {
  data: Buffer
  width: number
  height: number
  left: number
  top: number
}

async function rasterise({ svg, left, top }: OverlayPiece): Promise<RgbaPiece> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  if (info.channels !== 4) throw new Error(`annotateFrame: an overlay piece came out with ${info.channels} channels, not RGBA`)
  return { data, width: info.width, height: info.height, left, top }
}

/** Source-over blending of `piece` onto `frame` in place, clipped to the frame. */
export function blendOver(frame: Raster, piece: RgbaPiece): void {
  const x0 = Math.max(0, piece.left)
  const y0 = Math.max(0, piece.top)
  const x1 = Math.min(frame.width, piece.left + piece.width)
  const y1 = Math.min(frame.height, piece.top + piece.height)
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const s = ((y - piece.top) * piece.width + (x - piece.left)) * 4
      const alpha = piece.data[s + 3]!
      if (alpha === 0) continue
      const d = (y * frame.width + x) * 3
      for (let c = 0; c < 3; c++) frame.data[d + c] = Math.round((piece.data[s + c]! * alpha + frame.data[d + c]! * (255 - alpha)) / 255)
    }
  }
}
