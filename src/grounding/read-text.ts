// The region strategy for OCR on UI frames (DESIGN §8: by regions, not whole frames): find the
// filled boxes (buttons, chips, selections, panels), cut the frame into text regions, read each
// region against the fill it sits on (so light text on a coloured button comes out dark on
// white) with the boxes inside it read separately, upscale small text, and OCR all of it in one
// call on a mosaic.
import type { Box } from '../core/geometry.ts'
import { borderColour, findBoxes, type FilledBox } from './boxes.ts'
import { addOutlines, edgeMaps, lineHeight, textRegions, type EdgeMaps } from './layout.ts'
import { buildMosaic, toFrameBox, type Tile } from './mosaic.ts'
import type { OcrEngine, OcrWord } from './ocr.ts'
import { encodeGray, toGray, type Raster } from './raster.ts'

const PAD = 4
/** A wide region (a long URL) is not upscaled past this width: OCR time grows with pixels. */
const MAX_TILE_WIDTH = 1600

/** All words on a frame, boxes in frame pixels. */
export async function readText(engine: OcrEngine, raster: Raster): Promise<OcrWord[]> {
  const maps = edgeMaps(toGray(raster), raster.width, raster.height)
  const boxes = findBoxes(raster)
  addOutlines(maps, boxes.map((b) => b.box))
  const tiles = planTiles(raster, maps, boxes, textRegions(maps))
  if (tiles.length === 0) return []
  const mosaic = buildMosaic(raster, tiles, maps.rule)
  const words = await engine.recognize(await encodeGray(mosaic.gray, mosaic.width, mosaic.height))
  return words.flatMap((word) => {
    const box = toFrameBox(mosaic, word.box)
    return box ? [{ ...word, box }] : []
  })
}

/**
 * A tile per text region, read against the innermost box that holds it (else its outline's
 * colour), plus a tile per box that the region overlaps, read against that box's fill.
 */
function planTiles(raster: Raster, maps: EdgeMaps, boxes: readonly FilledBox[], regions: readonly Box[]): Tile[] {
  const frame = { x: 0, y: 0, width: raster.width, height: raster.height }
  const tiles: Tile[] = []
  for (const leaf of regions) {
    const padded = intersect(grow(leaf, PAD), frame)!
    const holders = boxes.filter((b) => within(leaf, b.box))
    const container = holders.reduce<FilledBox | undefined>((best, b) => (!best || area(b.box) < area(best.box) ? b : best), undefined)
    const region = container ? intersect(padded, grow(container.box, -2)) : padded
    if (!region) continue
    const inner = boxes.filter((b) => !holders.includes(b) && intersect(b.box, leaf))
    const background = container?.fill ?? borderColour(raster, region)
    tiles.push({ region, background, scale: scaleFor(lineHeight(maps, leaf), region), masks: inner.map((b) => b.box), outside: container?.outside })
    for (const b of inner) {
      const part = intersect(padded, grow(b.box, -2))
      if (part && part.width >= 6 && part.height >= 6) {
        tiles.push({ region: part, background: b.fill, scale: scaleFor(lineHeight(maps, part), part), masks: [], outside: b.outside })
      }
    }
  }
  return tiles
}

/** Upscale so a text line is at least about 24 px tall: Tesseract's comfortable size. */
function scaleFor(line: number, region: Box): number {
  const wanted = line < 12 ? 3 : line < 24 ? 2 : 1
  return Math.max(1, Math.min(wanted, Math.floor(MAX_TILE_WIDTH / region.width)))
}

/** `inner` lies in `outer`, give or take the 2 px of a half-resolution box edge. */
function within(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 2 &&
    inner.y >= outer.y - 2 &&
    inner.x + inner.width <= outer.x + outer.width + 2 &&
    inner.y + inner.height <= outer.y + outer.height + 2
  )
}

function area(box: Box): number {
  return box.width * box.height
}

function grow(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, width: box.width + 2 * by, height: box.height + 2 * by }
}

function intersect(a: Box, b: Box): Box | undefined {
  const x = Math.max(a.x, b.x)
  const y = Math.max(a.y, b.y)
  const width = Math.min(a.x + a.width, b.x + b.width) - x
  const height = Math.min(a.y + a.height, b.y + b.height) - y
  return width > 0 && height > 0 ? { x, y, width, height } : undefined
}
