// What `wm size` and `wm density` say about a display, and how captured pixels map to the
// coordinates `input` expects: the override size when one is set, in the frame's orientation.
import type { Size } from '../../core/frame.ts'

export interface DisplayInfo {
  physical: Size
  /** Set by `wm size WxH`: input coordinates follow it. */
  override?: Size
  /** dpi: the override density when set, else the physical one. */
  density: number
}

/** Parses `wm size` ("Physical size: 1080x2280", maybe "Override size: 720x1520"). */
export function parseWmSize(output: string): Pick<DisplayInfo, 'physical' | 'override'> {
  const physical = sizeAfter(output, 'Physical size')
  if (!physical) throw new RangeError(`\`wm size\` printed ${JSON.stringify(output.trim())}, not "Physical size: WIDTHxHEIGHT"`)
  const override = sizeAfter(output, 'Override size')
  return override ? { physical, override } : { physical }
}

/** Parses `wm density` ("Physical density: 440", maybe "Override density: 320"). */
export function parseWmDensity(output: string): number {
  const value = numberAfter(output, 'Override density') ?? numberAfter(output, 'Physical density')
  if (value === undefined || value <= 0) throw new RangeError(`\`wm density\` printed ${JSON.stringify(output.trim())}, not "Physical density: DPI"`)
  return value
}

/** Frame pixels → input coordinates: the logical display size, turned to the frame's orientation, over the frame size. */
export function inputScale(frame: Size, display: DisplayInfo): { x: number; y: number } {
  const logical = display.override ?? display.physical
  const turned = (frame.width > frame.height) !== (logical.width > logical.height) ? { width: logical.height, height: logical.width } : logical
  return { x: turned.width / frame.width, y: turned.height / frame.height }
}

function sizeAfter(output: string, label: string): Size | undefined {
  const m = new RegExp(`${label}:\\s*(\\d+)x(\\d+)`).exec(output)
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined
}

function numberAfter(output: string, label: string): number | undefined {
  const m = new RegExp(`${label}:\\s*(\\d+)`).exec(output)
  return m ? Number(m[1]) : undefined
}
