// How a label is drawn: the colour of its strokes against the colour around them. A toolkit draws
// a disabled button's label grey on grey at low contrast (Chrome's permission prompt keeps 'Allow'
// so for about half a second after it shows), where an enabled label is dark on light, light on
// dark, or white on a coloured fill. A person waits for such a button; so does the offline model.
import { contrastRatio, luminance, type Rgba } from '../core/contrast.ts'
import type { Box } from '../core/geometry.ts'
import type { Raster } from './raster.ts'

export interface LabelInk {
  text: Rgba
  background: Rgba
  /** WCAG contrast ratio, 1 to 21. */
  contrast: number
}

/** Below this, a grey label on a grey ground reads as disabled; WCAG asks 3:1 of any enabled control. */
const DISABLED_CONTRAST = 3
/** At or below this there is no ink to judge (a box off its word), not a disabled label. */
const NO_INK_CONTRAST = 1.1
/** Largest channel spread (max − min) of a colour still called grey. */
const GREY_SPREAD = 24

/** The label's ink: the background is the box's median pixel, the text its pixel farthest from that (2% of the box in, past anti-aliasing). */
export function labelInk(raster: Raster, box: Box): LabelInk {
  const x0 = Math.max(0, Math.round(box.x))
  const y0 = Math.max(0, Math.round(box.y))
  const x1 = Math.min(raster.width, Math.round(box.x + box.width))
  const y1 = Math.min(raster.height, Math.round(box.y + box.height))
  const pixels: { rgba: Rgba; luma: number }[] = []
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = (y * raster.width + x) * 3
      const rgba = { r: raster.data[p]!, g: raster.data[p + 1]!, b: raster.data[p + 2]!, a: 1 }
      pixels.push({ rgba, luma: luminance(rgba) })
    }
  }
  if (pixels.length === 0) throw new Error(`the box (${box.x}, ${box.y}) ${box.width}×${box.height} has no pixels inside the ${raster.width}×${raster.height} frame`)
  pixels.sort((a, b) => a.luma - b.luma)
  const background = pixels[Math.floor(pixels.length / 2)]!
  const darkest = pixels[Math.floor(pixels.length * 0.02)]!
  const lightest = pixels[Math.ceil(pixels.length * 0.98) - 1]!
  const text = background.luma - darkest.luma >= lightest.luma - background.luma ? darkest : lightest
  return { text: text.rgba, background: background.rgba, contrast: contrastRatio(text.rgba, background.rgba) }
}

/** Grey strokes on a grey ground at low contrast: how a disabled button's label looks. */
export function looksDisabled(ink: LabelInk): boolean {
  const grey = ({ r, g, b }: Rgba) => Math.max(r, g, b) - Math.min(r, g, b) <= GREY_SPREAD
  return ink.contrast > NO_INK_CONTRAST && ink.contrast < DISABLED_CONTRAST && grey(ink.text) && grey(ink.background)
}
