// WCAG 2 contrast between two CSS colours as getComputedStyle returns them ('rgb(r, g, b)' or
// 'rgba(r, g, b, a)'): how a check tells text a user can read from text that vanished into its
// background (a colour pinned for one theme, say, shown in the other).

/** WCAG's threshold for normal text (AA). */
export const READABLE_CONTRAST = 4.5

export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/** Parses a computed CSS colour; throws for anything else (a keyword, hex), so a check never compares nonsense. */
export function parseComputedColour(text: string): Rgba {
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text.trim())
  if (!match) throw new Error(`not a computed colour: ${JSON.stringify(text)}`)
  const alpha = match[4] === undefined ? 1 : match[4].endsWith('%') ? Number(match[4].slice(0, -1)) / 100 : Number(match[4])
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a: alpha }
}

/** `top` painted over the opaque `bottom`, as the eye sees it. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

/** WCAG relative luminance of an opaque colour, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The contrast ratio of text of colour `text` on the opaque `background`: 1 (invisible) to 21 (black on white). */
export function contrastRatio(text: Rgba, background: Rgba): number {
  const [light, dark] = [luminance(over(text, background)), luminance(background)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
