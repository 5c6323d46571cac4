import { describe, expect, it } from 'vitest'
import { GRID_1000 } from './families/family.ts'
import { readLocateReply, type CanvasMapping } from './locate-reply.ts'

const screen = { width: 1920, height: 1080 }
const PIXELS: CanvasMapping = { convention: { kind: 'pixels' }, canvas: { width: 1280, height: 720 }, screen }
const GRID: CanvasMapping = { convention: GRID_1000, canvas: { width: 1280, height: 720 }, screen }
const SMART: CanvasMapping = { convention: { kind: 'smart-resize', factor: 28, minPixels: 56 * 56, maxPixels: 16384 * 28 * 28 }, canvas: { width: 1288, height: 728 }, screen }

describe('readLocateReply', () => {
  it('maps pixels of the image sent to screen pixels, box and all', () => {
    const r = readLocateReply('{"found": true, "x": 640, "y": 360, "box": {"left": 600, "top": 340, "right": 680, "bottom": 380}, "evidence": "the Add one button"}', 'the Add one button', PIXELS, 'm locate')
    expect(r).toEqual({ point: { x: 960, y: 540 }, box: { x: 900, y: 510, width: 120, height: 60 }, evidence: 'the Add one button' })
  })

  it('maps the 0–999 grid independently of the image size', () => {
    expect(readLocateReply('{"found": true, "x": 500, "y": 500, "box": null, "evidence": "e"}', 'd', GRID, 'm locate').point).toEqual({ x: 960, y: 540 })
  })

  it('maps pixels of a smart-resized image', () => {
    expect(readLocateReply('{"x": 644, "y": 364}', 'd', SMART, 'm locate').point).toEqual({ x: 960, y: 540 })
  })

  it('reads a point array, or a box alone (bbox_2d as Qwen writes it), fenced or in prose', () => {
    expect(readLocateReply('```json\n{"point": [640, 360]}\n```', 'd', PIXELS, 'm').point).toEqual({ x: 960, y: 540 })
    const boxed = readLocateReply('It is here: {"bbox_2d": [680, 380, 600, 340]}.', 'd', PIXELS, 'm')
    expect(boxed).toEqual({ point: { x: 960, y: 540 }, box: { x: 900, y: 510, width: 120, height: 60 } })
  })

  it('throws when the model did not find it, with its evidence', () => {
    expect(() => readLocateReply('{"found": false, "x": 0, "y": 0, "box": null, "evidence": "no such button; the popup shows Reset"}', "the 'Add one' button", PIXELS, 'm locate')).toThrow(
      /m locate: the model did not find "the 'Add one' button": no such button; the popup shows Reset/,
    )
  })

  it('throws, quoting the reply, on no JSON, no point, or a point off the image', () => {
    expect(() => readLocateReply('Top left, next to the title.', 'd', PIXELS, 'm')).toThrow(/no JSON location for "d" \(reply: "Top left, next to the title."\)/)
    expect(() => readLocateReply('{"found": true, "where": "top left"}', 'd', PIXELS, 'm')).toThrow(/no point \(x, y\) or box/)
    expect(() => readLocateReply('{"x": 1500, "y": 100}', 'd', PIXELS, 'm')).toThrow(/\(1500, 100\) in the model's coordinates, is \(2250, 150\) on the screen, outside its 1920×1080/)
  })
})
