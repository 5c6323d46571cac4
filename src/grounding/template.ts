// Finds an image (an extension's manifest icon) on a frame. Chrome draws a toolbar action icon
// at 16 CSS px, so the icon is searched at the pixel sizes 16 px takes at common device scales,
// by correlation (shapes) and by colour distance (flat icons, which have nothing to correlate).
import sharp from 'sharp'
import { ConfigError } from '../core/errors.ts'
import type { Box } from '../core/geometry.ts'
import { matchColour } from './colour-match.ts'
import { matchTemplate, type Scored, type Template } from './ncc.ts'
import type { Raster } from './raster.ts'

/** 16 CSS px at device scale 1, 1.25, 1.5 and 2. */
export const TOOLBAR_ICON_SIZES: readonly number[] = [16, 20, 24, 32]

/** A correlation this high is taken as it is, without a colour search. */
const CORRELATED = 0.8

export interface FindImageOptions {
  /** Where to look (default: the whole frame). */
  region?: Box
  /** Square sizes, in frame pixels, to try the image at (default TOOLBAR_ICON_SIZES). */
  sizes?: readonly number[]
  /** Lowest score that counts as found (default 0.8). */
  threshold?: number
}

export interface TemplateMatch extends Scored {
  /** `ncc`: correlation of the shapes; `colour`: distance of the opaque pixels' colours. */
  method: 'ncc' | 'colour'
}

/** The best placement of `image` on the frame scoring at least the threshold, else undefined. */
export async function findImage(frame: Raster, image: Uint8Array | string, options: FindImageOptions = {}): Promise<TemplateMatch | undefined> {
  const region = options.region ?? { x: 0, y: 0, width: frame.width, height: frame.height }
  const templates = await templatesOf(image, options.sizes ?? TOOLBAR_ICON_SIZES)
  // Shapes first; colour distance only where correlation finds nothing convincing (a flat icon has no variance).
  let best = bestOf(templates, (t) => matchTemplate(frame, t, region), 'ncc')
  if (!best || best.score < CORRELATED) {
    const colour = bestOf(templates, (t) => matchColour(frame, t, region), 'colour')
    if (colour && (!best || colour.score > best.score)) best = colour
  }
  return best && best.score >= (options.threshold ?? 0.8) ? best : undefined
}

/** The best placement over the templates' sizes by one way of matching. */
function bestOf(templates: readonly Template[], match: (t: Template) => Scored | undefined, method: TemplateMatch['method']): TemplateMatch | undefined {
  let best: TemplateMatch | undefined
  for (const template of templates) {
    const m = match(template)
    if (m && (!best || m.score > best.score)) best = { ...m, method }
  }
  return best
}

/** The image resized to each size, RGBA. */
async function templatesOf(image: Uint8Array | string, sizes: readonly number[]): Promise<Template[]> {
  try {
    return await Promise.all(
      sizes.map(async (size) => {
        const { data, info } = await sharp(image)
          .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
        return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
      }),
    )
  } catch (error) {
    const what = typeof image === 'string' ? image : `${image.byteLength} bytes`
    throw new ConfigError(`cannot read the image to find (${what}): ${String(error)}`, { cause: error })
  }
}
