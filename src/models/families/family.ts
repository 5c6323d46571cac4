// A model family's coordinate convention, as data (DESIGN §2): which model names it covers, how
// its coordinates map (core/geometry.ts does the maths), and how the prompt states it.
import type { Size } from '../../core/frame.ts'
import type { CoordinateConvention } from '../../core/geometry.ts'

export const FAMILY_NAMES = ['pixels', 'gemini', 'qwen3-vl', 'glm', 'qwen2.5-vl', 'ui-tars'] as const
export type FamilyName = (typeof FAMILY_NAMES)[number]

export interface Family {
  name: FamilyName
  /** Model names of this family (checked against the part after the provider prefix). */
  matches: RegExp
  convention: CoordinateConvention
  /** One sentence for the prompt: how to express a point on the image of this size. */
  describe(canvas: Size): string
}

/** The prompt sentence of every 0–999 grid family. */
export function describeGrid(): string {
  return 'Coordinates are integers from 0 to 999 on both axes, relative to the screenshot: (0, 0) is its top-left corner and (999, 999) its bottom-right, whatever its pixel size.'
}

/**
 * The 0–999 grid of Gemini, Qwen3-VL and GLM: a value v is the point v/1000 of the way across,
 * so 999 lands on the last pixel, not one past it.
 */
export const GRID_1000: CoordinateConvention = { kind: 'normalized', scale: 1000 }

/** The prompt sentence of every pixel family: the exact size of the image sent. */
export function describePixels(canvas: Size): string {
  return `Coordinates are pixels of the screenshot, which is ${canvas.width}×${canvas.height}: (0, 0) is its top-left corner.`
}
