// Where a browser frame's parts are, from its pixels alone: the toolbar strip (tabs, omnibox,
// icons), an action popup hanging under it, a side panel column at the right edge, and the page.
// A label is then looked for in the part an instruction names, and browser chrome can be told
// apart from what the page or the extension shows.
import type { Point } from '../core/action.ts'
import type { Box } from '../core/geometry.ts'
import { toGray, type Raster } from './raster.ts'
import { toolbarDepth } from './strip.ts'

export type BrowserRegion = 'toolbar' | 'popup' | 'side panel' | 'page'

export interface BrowserLayout {
  toolbar: Box
  page: Box
  popup?: Box
  sidePanel?: Box
}

/** Luma step of the faint lines Chromium draws between its parts (a 1 px border, a card shadow). */
const FAINT = 12
/** Luma step of text and icons. */
const INK = 24
/** The toolbar's border starts this close to the frame's left edge (a side panel's page card: 16 px in). */
const LEFT_EDGE = 24
/** A horizontal line shorter than this is part of a widget, not a border between parts. */
const MIN_RUN = 64
/** Blank rows that end a popup's content when no bottom border is drawn (white on white). */
const POPUP_BLANK_ROWS = 120
/** The popup's body margin under its last content. */
const POPUP_MARGIN = 8

/** The frame's parts, or undefined when it has no toolbar line (not a browser window); `scale` is the browser's device scale factor. */
export function browserLayout(raster: Raster, scale = 1): BrowserLayout | undefined {
  const { width, height } = raster
  const gray = toGray(raster)
  const line = toolbarLine(gray, width, toolbarDepth(height, scale))
  if (!line) return undefined
  const top = line.y + 1
  const toolbar = { x: 0, y: 0, width, height: top }
  const popup = popupBox(gray, width, height, line)
  const left = sidePanelEdge(gray, width, height, top)
  const sidePanel = left === undefined ? undefined : { x: left, y: top, width: width - left, height: height - top }
  const page = { x: 0, y: top, width: left ?? width, height: height - top }
  return { toolbar, page, ...(popup && { popup }), ...(sidePanel && { sidePanel }) }
}

/** The part a point lies in; a popup covers whatever is under it. */
export function regionAt(layout: BrowserLayout, point: Point): BrowserRegion {
  if (layout.popup && inside(layout.popup, point)) return 'popup'
  if (point.y < layout.page.y) return 'toolbar'
  if (layout.sidePanel && inside(layout.sidePanel, point)) return 'side panel'
  return 'page'
}

/** The box of a region, when the frame has it. */
export function regionBox(layout: BrowserLayout, region: BrowserRegion): Box | undefined {
  return region === 'side panel' ? layout.sidePanel : layout[region]
}

interface HorizontalLine {
  y: number
  /** [start, end) column runs of the line. */
  runs: [number, number][]
}

/**
 * The toolbar's bottom border: in the toolbar's band (`depth` rows), the first row below the omnibox's top edge whose
 * faint line starts at the frame's left edge and covers half its width (or runs to both edges around
 * a popup). The omnibox's own edges
 * and the tab strip's start further right; a page's header line further down comes later.
 */
function toolbarLine(gray: Uint8Array, width: number, depth: number): HorizontalLine | undefined {
  let belowOmnibox = false
  for (let y = 1; y < depth; y++) {
    const runs: [number, number][] = []
    let start = -1
    for (let x = 0; x <= width; x++) {
      const edge = x < width && Math.abs(gray[y * width + x]! - gray[(y - 1) * width + x]!) > FAINT
      if (edge && start < 0) start = x
      if (!edge && start >= 0) {
        if (x - start >= MIN_RUN) runs.push([start, x])
        start = -1
      }
    }
    const covered = runs.reduce((sum, [a, b]) => sum + b - a, 0)
    const fromLeft = runs.length > 0 && runs[0]![0] <= LEFT_EDGE
    if (covered >= 0.5 * width && !fromLeft) belowOmnibox = true
    // A popup over a narrow window (a large scale factor's few CSS pixels) can hide half the line:
    // edge to edge with a gap, it is still the border.
    else if (belowOmnibox && fromLeft && (covered >= 0.5 * width || (covered >= 0.3 * width && runs.at(-1)![1] >= width - LEFT_EDGE))) return { y, runs }
  }
  return undefined
}

/**
 * A popup covers the toolbar's bottom line: the widest break in that line with line on both sides.
 * Its bottom is its border when the page behind differs, else the end of its content.
 */
function popupBox(gray: Uint8Array, width: number, height: number, line: HorizontalLine): Box | undefined {
  let best: [number, number] | undefined
  for (let i = 1; i < line.runs.length; i++) {
    const gap: [number, number] = [line.runs[i - 1]![1], line.runs[i]![0]]
    const size = gap[1] - gap[0]
    if (size >= 80 && size <= 0.6 * width && (!best || size > best[1] - best[0])) best = gap
  }
  if (!best) return undefined
  const [x0, x1] = best
  const top = line.y + 1
  let lastInk = top
  for (let y = top + 1; y < height && y - lastInk <= POPUP_BLANK_ROWS; y++) {
    let ink = 0
    for (let x = x0 + 1, i = y * width + x; x < x1 - 1; x++, i++) {
      if (Math.abs(gray[i]! - gray[i - width]!) > INK || Math.abs(gray[i]! - gray[i - 1]!) > INK) ink++
    }
    if (ink >= 0.9 * (x1 - x0 - 2)) return { x: x0, y: top, width: x1 - x0, height: y - top + 1 }
    if (ink > 0) lastInk = y
  }
  return { x: x0, y: top, width: x1 - x0, height: Math.min(height, lastInk + POPUP_MARGIN) - top }
}

/**
 * A side panel is a column at the right whose left edge is a faint vertical line (the page card's
 * border or shadow; the rightmost such line) from the toolbar to the bottom, with a header (icon,
 * title, close) at its top.
 */
function sidePanelEdge(gray: Uint8Array, width: number, height: number, top: number): number | undefined {
  const rows = height - top
  let edge: number | undefined
  for (let x = Math.round(width * 0.45); x < width - 160; x++) {
    let hits = 0
    for (let y = top, i = top * width + x; y < height; y++, i += width) {
      if (Math.abs(gray[i]! - gray[i - 1]!) > FAINT) hits++
    }
    if (hits >= 0.85 * rows) edge = x
  }
  if (edge === undefined) return undefined
  const left = edge + 1
  return hasInk(gray, width, { x: left + 4, y: top, width: width - left - 8, height: 48 }) ? left : undefined
}

function hasInk(gray: Uint8Array, width: number, r: Box): boolean {
  for (let y = r.y + 1; y < r.y + r.height; y++) {
    for (let x = r.x + 1, i = y * width + x; x < r.x + r.width; x++, i++) {
      if (Math.abs(gray[i]! - gray[i - 1]!) > INK) return true
    }
  }
  return false
}

function inside(box: Box, p: Point): boolean {
  return p.x >= box.x && p.x < box.x + box.width && p.y >= box.y && p.y < box.y + box.height
}
