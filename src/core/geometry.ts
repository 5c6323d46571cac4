// Coordinate conventions live here and nowhere else. A model sees a canvas (the image sent);
// everything that leaves an adapter is in screen pixels.
import type { Point } from './action.ts'
import type { Size } from './frame.ts'

export type CoordinateConvention =
  /** Pixels of the image sent. */
  | { kind: 'pixels' }
  /** 0..scale on both axes, independent of the image size (Gemini, Qwen3-VL, GLM: scale 999). */
  | { kind: 'normalized'; scale: number }
  /** Pixels of an image resized to multiples of `factor` (Qwen2.5-VL, UI-TARS 1.5: 28). */
  | { kind: 'smart-resize'; factor: number; minPixels: number; maxPixels: number }

/** The largest size with the screen's aspect ratio that fits in `max` (never upscales). */
export function fitWithin(screen: Size, max: Size): Size {
  const scale = Math.min(1, max.width / screen.width, max.height / screen.height)
  return { width: Math.round(screen.width * scale), height: Math.round(screen.height * scale) }
}

/** Qwen2.5-VL's resize rule: both sides multiples of `factor`, area within [min, max] pixels. */
export function smartResize(size: Size, factor: number, minPixels: number, maxPixels: number): Size {
  const round = (v: number) => Math.max(factor, Math.round(v / factor) * factor)
  let width = round(size.width)
  let height = round(size.height)
  if (width * height > maxPixels) {
    const beta = Math.sqrt((size.width * size.height) / maxPixels)
    width = Math.max(factor, Math.floor(size.width / beta / factor) * factor)
    height = Math.max(factor, Math.floor(size.height / beta / factor) * factor)
  } else if (width * height < minPixels) {
    const beta = Math.sqrt(minPixels / (size.width * size.height))
    width = Math.ceil((size.width * beta) / factor) * factor
    height = Math.ceil((size.height * beta) / factor) * factor
  }
  return { width, height }
}

/** The image size a model of this convention is sent, for a screen and a canvas limit. */
export function canvasFor(convention: CoordinateConvention, screen: Size, max: Size): Size {
  const fitted = fitWithin(screen, max)
  return convention.kind === 'smart-resize'
    ? smartResize(fitted, convention.factor, convention.minPixels, convention.maxPixels)
    : fitted
}

/** A model coordinate → screen pixels. Out-of-range input is kept (bounds are a detector's job). */
export function toScreen(point: Point, convention: CoordinateConvention, canvas: Size, screen: Size): Point {
  const unit = unitOf(convention, canvas)
  return {
    x: Math.round((point.x / unit.width) * screen.width),
    y: Math.round((point.y / unit.height) * screen.height),
  }
}

/** Screen pixels → a model coordinate (for annotations and for the offline model's replies). */
export function fromScreen(point: Point, convention: CoordinateConvention, canvas: Size, screen: Size): Point {
  const unit = unitOf(convention, canvas)
  return {
    x: Math.round((point.x / screen.width) * unit.width),
    y: Math.round((point.y / screen.height) * unit.height),
  }
}

/** The extent a model's coordinates are measured in: the canvas, or the normalised scale. */
function unitOf(convention: CoordinateConvention, canvas: Size): Size {
  return convention.kind === 'normalized' ? { width: convention.scale, height: convention.scale } : canvas
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

export function boxCenter(box: Box): Point {
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
}
