// Which of Anthropic's computer tools a model is offered, and how: the GA toolset (one tools[]
// entry, coordinates in pixels of the image sent) or a beta tool (a declared display, its beta
// header), and the image size Anthropic's guidance asks for.
import type { Size } from '../../core/frame.ts'
import { fitWithin } from '../../core/geometry.ts'
import { DEFAULT_CANVAS } from '../canvas-image.ts'

export const ANTHROPIC_TOOLS = ['computer_toolset_20260801', 'computer_20251124', 'computer_20250124'] as const
export type AnthropicToolKind = (typeof ANTHROPIC_TOOLS)[number]

/** The beta header each beta tool needs (names from the SDK's AnthropicBeta). */
export const BETA_HEADERS = { computer_20251124: 'computer-use-2025-11-24', computer_20250124: 'computer-use-2025-01-24' } as const

/**
 * The tool a model takes when modelOptions.tool names none: the beta tool of its generation for
 * the Claude 4 models Anthropic lists with one (Opus 4.5 and the 4.6–4.8 models take
 * computer_20251124, older Claude 4 models computer_20250124), the GA toolset for everything newer.
 */
export function defaultTool(model: string): AnthropicToolKind {
  const v4 = /^claude-(?:opus|sonnet|haiku)-4(?:-(\d+))?(?:-\d{8})?$/.exec(model)
  if (!v4) return /^claude-3/.test(model) ? 'computer_20250124' : 'computer_toolset_20260801'
  const minor = Number(v4[1] ?? 0)
  return minor >= 6 || (minor === 5 && model.startsWith('claude-opus-4-5')) ? 'computer_20251124' : 'computer_20250124'
}

/** Anthropic's guidance: at most WXGA-sized for computer use, and never over 1.15 megapixels. */
const MAX_PIXELS = 1_150_000

/** The image Claude is sent for this screen: within the canvas limit (default 1280×800) and the megapixel cap, aspect kept. */
export function anthropicCanvas(screen: Size, max: Size = DEFAULT_CANVAS): Size {
  const fitted = fitWithin(screen, max)
  const area = fitted.width * fitted.height
  if (area <= MAX_PIXELS) return fitted
  const scale = Math.sqrt(MAX_PIXELS / area)
  return { width: Math.floor(fitted.width * scale), height: Math.floor(fitted.height * scale) }
}

/** The tools[] entry: the GA toolset (no display: coordinates are pixels of the image), or the beta tool declaring the display it is shown. */
export function toolEntry(kind: AnthropicToolKind, canvas: Size): Record<string, unknown> {
  if (kind === 'computer_toolset_20260801') return { type: kind }
  return { type: kind, name: 'computer', display_width_px: canvas.width, display_height_px: canvas.height, ...(kind === 'computer_20251124' && { enable_zoom: true }) }
}
