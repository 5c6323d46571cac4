// Reads the XWD image Xvfb keeps its framebuffer in (`-fbdir`), so a capture is a file read
// instead of a round trip through the X server. Only what a TrueColor screen uses is supported.
import { TargetError } from '../../core/errors.ts'
import type { PixelLayout, RawPixels } from '../frame-encoder.ts'

export interface XwdHeader {
  headerSize: number
  width: number
  height: number
  depth: number
  bitsPerPixel: number
  bytesPerLine: number
  /** 0 = LSBFirst, 1 = MSBFirst. */
  byteOrder: number
  redMask: number
  greenMask: number
  blueMask: number
  colormapEntries: number
  windowName: string
  /** Byte offset of the first pixel: header, window name, then 12 bytes per colormap entry. */
  pixelOffset: number
  /** Where the channels sit in each pixel. */
  layout: PixelLayout
}

const XWD_FILE_VERSION = 7
const FIXED_HEADER_BYTES = 100
const COLORMAP_ENTRY_BYTES = 12
const Z_PIXMAP = 2
const TRUE_COLOR = 4

/** Parses and checks the big-endian header; throws a TargetError naming the unsupported field. */
export function parseXwdHeader(buffer: Uint8Array, source = 'XWD image'): XwdHeader {
  const fail = (problem: string) => new TargetError(`${source}: ${problem}`, { context: { source } })
  if (buffer.length < FIXED_HEADER_BYTES) throw fail(`${buffer.length} bytes is shorter than the ${FIXED_HEADER_BYTES}-byte header`)
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  const field = (index: number) => view.getUint32(index * 4, false)
  const headerSize = field(0)
  if (field(1) !== XWD_FILE_VERSION) throw fail(`file_version ${field(1)} is not ${XWD_FILE_VERSION}`)
  if (field(2) !== Z_PIXMAP) throw fail(`pixmap_format ${field(2)} is not ZPixmap (${Z_PIXMAP})`)
  const [depth, width, height, byteOrder, bitsPerPixel, bytesPerLine, visualClass] = [3, 4, 5, 7, 11, 12, 13].map(field) as [number, number, number, number, number, number, number]
  const [redMask, greenMask, blueMask, , colormapEntries] = [14, 15, 16, 17, 19].map(field) as [number, number, number, number, number]
  if (visualClass !== TRUE_COLOR) throw fail(`visual_class ${visualClass} is not TrueColor (${TRUE_COLOR})`)
  if (bitsPerPixel !== 24 && bitsPerPixel !== 32) throw fail(`bits_per_pixel ${bitsPerPixel} is not 24 or 32`)
  if (byteOrder !== 0 && byteOrder !== 1) throw fail(`byte_order ${byteOrder} is not 0 (LSBFirst) or 1 (MSBFirst)`)
  const bytesPerPixel = bitsPerPixel === 24 ? 3 : 4
  if (width === 0 || height === 0) throw fail(`size ${width}×${height} is empty`)
  if (bytesPerLine < width * bytesPerPixel) throw fail(`bytes_per_line ${bytesPerLine} is shorter than ${width} pixels of ${bytesPerPixel} bytes`)
  if (headerSize < FIXED_HEADER_BYTES) throw fail(`header_size ${headerSize} is below ${FIXED_HEADER_BYTES}`)
  const pixelOffset = headerSize + colormapEntries * COLORMAP_ENTRY_BYTES
  const channel = (name: string, mask: number) => {
    const offset = maskByteOffset(mask, bytesPerPixel, byteOrder)
    if (offset === undefined) throw fail(`${name}_mask 0x${mask.toString(16)} is not one whole byte of a ${bitsPerPixel}-bit pixel`)
    return offset
  }
  if (new Set([redMask, greenMask, blueMask]).size !== 3) throw fail('red, green and blue masks overlap')
  const layout: PixelLayout = {
    width,
    height,
    bytesPerLine,
    bytesPerPixel,
    red: channel('red', redMask),
    green: channel('green', greenMask),
    blue: channel('blue', blueMask),
  }
  const nameBytes = buffer.subarray(FIXED_HEADER_BYTES, Math.min(headerSize, buffer.length))
  const nul = nameBytes.indexOf(0)
  const windowName = Buffer.from(nul === -1 ? nameBytes : nameBytes.subarray(0, nul)).toString('latin1')
  return { headerSize, width, height, depth, bitsPerPixel, bytesPerLine, byteOrder, redMask, greenMask, blueMask, colormapEntries, windowName, pixelOffset, layout }
}

/** The pixels of an XWD image as a view into `buffer` (no copy), with their layout. */
export function xwdPixels(buffer: Uint8Array, header: XwdHeader = parseXwdHeader(buffer)): RawPixels {
  const end = xwdByteLength(header)
  if (buffer.length < end) {
    throw new TargetError(`XWD image: ${buffer.length} bytes is shorter than the ${end} its ${header.width}×${header.height} header needs`)
  }
  return { ...header.layout, data: buffer.subarray(header.pixelOffset, end) }
}

/** Total bytes of an XWD image with this header (for checking a cached header still fits). */
export function xwdByteLength(header: XwdHeader): number {
  return header.pixelOffset + header.bytesPerLine * header.height
}

/** Byte index of an 8-bit mask within a pixel, honouring the byte order; undefined if not byte-aligned. */
function maskByteOffset(mask: number, bytesPerPixel: number, byteOrder: number): number | undefined {
  for (let k = 0; k < bytesPerPixel; k++) {
    if (mask === (0xff << (8 * k)) >>> 0) return byteOrder === 0 ? k : bytesPerPixel - 1 - k
  }
  return undefined
}
