// Where the pinned extension's action sits, read from the toolbar's layout alone: the toolbar row
// is segmented into buttons against its background, and Chrome puts pinned actions right of the
// omnibox, just left of the extensions (puzzle-piece) menu. It needs no icon, so it finds Chrome's
// letter tile too, and it tells the harness the browser is drawn (toolbar and pinned icon visible).
import type { Point } from '../core/action.ts'
import { boxCenter, type Box } from '../core/geometry.ts'
import type { Raster } from './raster.ts'
import { toolbarDepth, toolbarStrip } from './strip.ts'

export interface ToolbarSlot {
  box: Box
  center: Point
  /** 0..1: 0.5 for a button right of the omnibox, up to 1 when it is icon-sized and the puzzle-piece menu follows it. */
  confidence: number
  /** What the layout showed, as a phrase after "the pinned slot", for messages. */
  evidence: string
}

interface Blob {
  box: Box
  /** Inked pixels in the box. */
  ink: number
  /** Mean (max − min channel) of the inked pixels: 0 for grey. */
  chroma: number
  /** Mean luma of the inked pixels. */
  luma: number
}

/** Sum of channel differences from the toolbar colour above which a pixel is part of a button. */
const INK = 24
/** The same for a glyph: inside a pill Chrome draws around pressed buttons, only glyphs are this far off. */
const GLYPH = 240
/** Columns this close to the right edge are the window's corner, not buttons. */
const EDGE = 8

/**
 * The pinned action's button on a decoded frame of the browser at device scale `scale`, or
 * undefined when no toolbar row with an omnibox is seen. `band`: as toolbarStrip's `rows`.
 */
export function findToolbarSlot(raster: Raster, scale = 1, band = toolbarDepth(raster.height, scale)): ToolbarSlot | undefined {
  // A resampled frame can blur the toolbar's border line away: then the top of the frame stands in for the strip.
  const depth = toolbarStrip(raster, scale, band)?.height ?? band
  const found = slotIn(raster, depth)
  if (found?.confidence === 1) return found
  // A right-to-left UI (Arabic, Hebrew) mirrors the toolbar: read the strip mirrored too, mirror its
  // answer back, and keep the surer reading (read left to right, a mirrored toolbar's reload button
  // sits where the pinned icon would).
  const mirrored = slotIn(mirrorStrip(raster, depth), depth)
  if (!mirrored || (found && found.confidence >= mirrored.confidence)) return found
  const box = { ...mirrored.box, x: raster.width - mirrored.box.x - mirrored.box.width }
  const evidence = mirrored.evidence.replace(/\bright of\b/g, 'RIGHT').replace(/\bleft of\b/g, 'right of').replace(/RIGHT/g, 'left of')
  return { ...mirrored, box, center: boxCenter(box), evidence: `${evidence} (a right-to-left toolbar)` }
}

/** The top `depth` rows of `raster`, each reversed left to right. */
function mirrorStrip(raster: Raster, depth: number): Raster {
  const { width } = raster
  const data = new Uint8Array(width * depth * 3)
  for (let y = 0; y < depth; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3
      const to = (y * width + (width - 1 - x)) * 3
      data[to] = raster.data[from]!
      data[to + 1] = raster.data[from + 1]!
      data[to + 2] = raster.data[from + 2]!
    }
  }
  return { data, width, height: depth }
}

function slotIn(raster: Raster, depth: number): ToolbarSlot | undefined {
  for (const row of bands(raster, depth)) {
    const blobs = buttonsOf(raster, row, 0, raster.width - EDGE, INK).flatMap((b) => glyphsOf(raster, row, b))
    // The omnibox: a long field that starts after the back, forward and reload buttons.
    const omnibox = blobs.findLastIndex((b) => b.box.width >= 6 * (row.bottom - row.top) && b.box.x < 0.2 * raster.width)
    const after = omnibox < 0 ? [] : blobs.slice(omnibox + 1)
    const pinned = pinnedButton(after, row)
    if (pinned) return pinned
    const [slot, next] = after
    if (slot) return judge(slot, next, row)
  }
  return undefined
}

/**
 * The one button between the omnibox and the extensions menu, read as a whole: a badge, a greyed or
 * outlined icon, or one set at run time draws parts that alone look like anything (a grey "O" looks
 * like the menu's glyph), but the menu is the last puzzle-like glyph of the row (profile, separator
 * and the ⋮ menu never are), and agentprobe pinned exactly one extension just left of it.
 */
function pinnedButton(after: Blob[], row: Row): ToolbarSlot | undefined {
  const menu = after.findLastIndex(isPuzzle)
  if (menu < 1) return undefined
  const parts = after.slice(0, menu)
  const box = union(parts.map((p) => p.box))
  // Wider than one button: several pinned icons (a profile the user pinned more in); the first-button reading decides.
  if (box.width > row.bottom - row.top) return undefined
  const iconSized = Math.abs(box.width - box.height) <= Math.max(2, box.height * 0.15) && box.height <= 0.8 * (row.bottom - row.top)
  const drawn = parts.length > 1 || !iconSized ? ' (drawn with more than its icon: a badge?)' : ''
  return { box, center: boxCenter(box), confidence: iconSized ? 1 : 0.75, evidence: `right of the omnibox, just left of the extensions menu${drawn}` }
}

function union(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x))
  const y0 = Math.min(...boxes.map((b) => b.y))
  const x1 = Math.max(...boxes.map((b) => b.x + b.width))
  const y1 = Math.max(...boxes.map((b) => b.y + b.height))
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** How sure the layout makes it that `slot` is the pinned action. */
function judge(slot: Blob, next: Blob | undefined, row: Row): ToolbarSlot {
  const iconSized = Math.abs(slot.box.width - slot.box.height) <= Math.max(2, slot.box.height * 0.15) && slot.box.height <= 0.8 * (row.bottom - row.top)
  let confidence = 0.5
  let evidence = 'right of the omnibox (no extensions menu seen after it)'
  if (next && isPuzzle(next) && !isPuzzle(slot)) {
    confidence += 0.25
    evidence = 'right of the omnibox, just left of the extensions menu'
  } else if (isPuzzle(slot)) {
    confidence = 0.25
    evidence = 'right of the omnibox, but it looks like the extensions menu itself: is the extension pinned?'
  }
  if (iconSized && confidence > 0.25) confidence += 0.25
  return { box: slot.box, center: boxCenter(slot.box), confidence, evidence }
}

/** Where the toolbar row may be: long runs of one colour down the frame's right margin inside the strip, lowest first. */
function* bands(raster: Raster, stripHeight: number): Generator<Row> {
  const x = raster.width - 2 * EDGE
  let bottom = stripHeight
  for (let y = stripHeight - 1; y >= 0; y--) {
    if (y > 0 && difference(raster, x, y, pixel(raster, x, y - 1)) <= 6) continue
    if (bottom - y >= 0.25 * stripHeight) yield { top: y, bottom, colour: pixel(raster, x, y) }
    bottom = y
  }
}

interface Row {
  top: number
  bottom: number
  colour: number[]
}

/** A button wider than tall is a pill around several (the popup's pressed icon and the extensions menu): its glyphs, apart. */
function glyphsOf(raster: Raster, row: Row, blob: Blob): Blob[] {
  if (blob.box.width <= 1.5 * blob.box.height || blob.box.width >= 6 * (row.bottom - row.top)) return [blob]
  const glyphs = buttonsOf(raster, row, blob.box.x, blob.box.x + blob.box.width, GLYPH)
  return glyphs.length >= 2 ? glyphs : [blob]
}

/** Runs of columns in [from, to) with pixels `threshold` off the row's colour (gaps of 3 px or less joined), left to right. */
function buttonsOf(raster: Raster, row: Row, from: number, to: number, threshold: number): Blob[] {
  const blobs: Blob[] = []
  let current: { x0: number; x1: number; y0: number; y1: number; ink: number; chroma: number; luma: number } | undefined
  for (let x = from; x < to; x++) {
    for (let y = row.top + 2; y < row.bottom - 2; y++) {
      if (difference(raster, x, y, row.colour) <= threshold) continue
      const [r, g, b] = pixel(raster, x, y) as [number, number, number]
      if (!current || x - current.x1 > 3) {
        if (current) blobs.push(blobOf(current))
        current = { x0: x, x1: x, y0: y, y1: y, ink: 0, chroma: 0, luma: 0 }
      }
      current.x1 = x
      current.y0 = Math.min(current.y0, y)
      current.y1 = Math.max(current.y1, y)
      current.ink++
      current.chroma += Math.max(r, g, b) - Math.min(r, g, b)
      current.luma += 0.299 * r + 0.587 * g + 0.114 * b
    }
  }
  if (current) blobs.push(blobOf(current))
  return blobs
}

function blobOf(c: { x0: number; x1: number; y0: number; y1: number; ink: number; chroma: number; luma: number }): Blob {
  return { box: { x: c.x0, y: c.y0, width: c.x1 - c.x0 + 1, height: c.y1 - c.y0 + 1 }, ink: c.ink, chroma: c.chroma / c.ink, luma: c.luma / c.ink }
}

/** The extensions menu's glyph: a grey outline (thin strokes, most of its box empty), icon-sized. */
function isPuzzle(blob: Blob): boolean {
  const { width, height } = blob.box
  // Thresholds hold at device scale and on a frame enlarged 1.5× (blurred strokes: lighter, fuller).
  return blob.chroma < 30 && blob.luma < 170 && blob.ink < 0.65 * width * height && Math.abs(width - height) <= Math.max(3, 0.25 * height)
}

function pixel(raster: Raster, x: number, y: number): number[] {
  const p = (y * raster.width + x) * 3
  return [raster.data[p]!, raster.data[p + 1]!, raster.data[p + 2]!]
}

function difference(raster: Raster, x: number, y: number, colour: readonly number[]): number {
  const p = (y * raster.width + x) * 3
  return Math.abs(raster.data[p]! - colour[0]!) + Math.abs(raster.data[p + 1]! - colour[1]!) + Math.abs(raster.data[p + 2]! - colour[2]!)
}
