// Where the text is on a UI frame. Full-frame OCR misses labels next to browser chrome, bordered
// buttons and big empty areas (DESIGN §8), so a frame is cut into small homogeneous regions
// first: a recursive XY-cut on an edge map, cutting at blank gaps and at long ruling lines
// (toolbar borders, a side panel's edge), which are taken out of the ink so they cut, not glue.
import type { Box } from '../core/geometry.ts'

export interface EdgeMaps {
  width: number
  height: number
  /** 1 where the luma changes sharply to the left or above: text strokes, icon outlines. */
  ink: Uint8Array
  /** Bit 1: part of a long horizontal line, bit 2: of a long vertical one (and their neighbour). */
  rule: Uint8Array
}

/** Luma step that counts as an edge. */
const EDGE_THRESHOLD = 24
/** A straight edge run at least this long is a ruling line, not text. */
const RULE_LENGTH = 64
/** Blank rows that separate two regions. */
const ROW_GAP = 8
/** Blank columns that separate two regions (wider than a word space). */
const COLUMN_GAP = 16

/** Edge map of a grayscale image, with long straight lines moved from `ink` to `rule`. */
export function edgeMaps(gray: Uint8Array, width: number, height: number): EdgeMaps {
  const ink = new Uint8Array(width * height)
  for (let y = 1; y < height; y++) {
    for (let x = 1, i = y * width + 1; x < width; x++, i++) {
      const v = gray[i]!
      if (Math.abs(v - gray[i - 1]!) > EDGE_THRESHOLD || Math.abs(v - gray[i - width]!) > EDGE_THRESHOLD) ink[i] = 1
    }
  }
  const rule = new Uint8Array(width * height)
  const markRun = (start: number, length: number, step: number, bit: number, neighbour: number) => {
    for (let k = 0, i = start; k < length; k++, i += step) {
      rule[i]! |= bit
      if (i - neighbour >= 0) rule[i - neighbour]! |= bit
    }
  }
  for (let y = 0; y < height; y++) {
    let run = 0
    for (let x = 0; x <= width; x++) {
      if (x < width && ink[y * width + x]) run++
      else {
        if (run >= RULE_LENGTH) markRun(y * width + x - run, run, 1, 1, width)
        run = 0
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let run = 0
    for (let y = 0; y <= height; y++) {
      if (y < height && ink[y * width + x]) run++
      else {
        if (run >= RULE_LENGTH) markRun((y - run) * width + x, run, width, 2, 1)
        run = 0
      }
    }
  }
  for (let i = 0; i < ink.length; i++) if (rule[i]) ink[i] = 0
  return { width, height, ink, rule }
}

/**
 * Marks box outlines (button and panel edges, found from their fills) as ruling lines, so a
 * region never spans two boxes and a box's edge is not read as a letter.
 */
export function addOutlines(maps: EdgeMaps, boxes: readonly Box[], band = 2): void {
  const { width, height, rule, ink } = maps
  const mark = (x: number, y: number, bit: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return
    rule[y * width + x]! |= bit
    ink[y * width + x] = 0
  }
  for (const b of boxes) {
    for (let d = -band; d < band; d++) {
      for (let x = b.x; x < b.x + b.width; x++) {
        mark(x, b.y + d, 1)
        mark(x, b.y + b.height + d, 1)
      }
      for (let y = b.y; y < b.y + b.height; y++) {
        mark(b.x + d, y, 2)
        mark(b.x + b.width + d, y, 2)
      }
    }
  }
}

type Axis = 'rows' | 'columns'

/** Ink and ruling-line counts per row (or column) of a region. */
function profile(maps: EdgeMaps, r: Box, axis: Axis): { ink: Uint32Array; rules: Uint32Array } {
  const rows = axis === 'rows'
  const ink = new Uint32Array(rows ? r.height : r.width)
  const rules = new Uint32Array(ink.length)
  const bit = rows ? 1 : 2
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x, i = y * maps.width + r.x; x < r.x + r.width; x++, i++) {
      const k = rows ? y - r.y : x - r.x
      if (maps.ink[i]) ink[k]!++
      if (maps.rule[i]! & bit) rules[k]!++
    }
  }
  return { ink, rules }
}

/** Cuts a region where `gap` blank lines in a row or a ruling line across 80 % of it occur. */
function cut(maps: EdgeMaps, r: Box, axis: Axis, gap: number): Box[] {
  const { ink, rules } = profile(maps, r, axis)
  const span = axis === 'rows' ? r.width : r.height
  const pieces: Box[] = []
  const emit = (a: number, b: number) =>
    pieces.push(axis === 'rows' ? { x: r.x, y: r.y + a, width: r.width, height: b - a } : { x: r.x + a, y: r.y, width: b - a, height: r.height })
  let start = -1
  let lastInk = 0
  let blank = 0
  for (let i = 0; i < ink.length; i++) {
    const ruling = rules[i]! >= 0.8 * span
    if (ruling || ink[i] === 0) {
      blank++
      if (start >= 0 && (ruling || blank >= gap)) {
        emit(start, lastInk + 1)
        start = -1
      }
      continue
    }
    if (start < 0) start = i
    lastInk = i
    blank = 0
  }
  if (start >= 0) emit(start, lastInk + 1)
  return pieces
}

/** The region shrunk to its ink, or undefined when it has none. */
function trim(maps: EdgeMaps, r: Box): Box | undefined {
  const rows = profile(maps, r, 'rows').ink
  const cols = profile(maps, r, 'columns').ink
  const first = (p: Uint32Array) => p.findIndex((v) => v > 0)
  const last = (p: Uint32Array) => p.findLastIndex((v) => v > 0)
  if (first(rows) < 0) return undefined
  return { x: r.x + first(cols), y: r.y + first(rows), width: last(cols) - first(cols) + 1, height: last(rows) - first(rows) + 1 }
}

/** The frame's text-bearing regions (recursive XY-cut leaves, trimmed to their ink), in reading order. */
export function textRegions(maps: EdgeMaps): Box[] {
  const leaves: Box[] = []
  const visit = (region: Box, axis: Axis) => {
    const r = trim(maps, region)
    if (!r) return
    const gapOf = (a: Axis) => (a === 'rows' ? ROW_GAP : COLUMN_GAP)
    const other: Axis = axis === 'rows' ? 'columns' : 'rows'
    const first = cut(maps, r, axis, gapOf(axis))
    const pieces = first.length > 1 ? first : cut(maps, r, other, gapOf(other))
    if (pieces.length <= 1) {
      if (r.width >= 4 && r.height >= 6 && !(r.width < 8 && r.height > 4 * r.width)) leaves.push(r)
      return
    }
    for (const piece of pieces) visit(piece, first.length > 1 ? other : axis)
  }
  visit({ x: 0, y: 0, width: maps.width, height: maps.height }, 'rows')
  return leaves
}

/** Typical height of a text line in a region: the median run of inked rows (ignoring specks). */
export function lineHeight(maps: EdgeMaps, r: Box, minRun = 6): number {
  const runs: number[] = []
  let run = 0
  for (const v of [...profile(maps, r, 'rows').ink, 0]) {
    if (v > 0) run++
    else {
      if (run >= minRun) runs.push(run)
      run = 0
    }
  }
  runs.sort((a, b) => a - b)
  return runs[runs.length >> 1] ?? r.height
}
