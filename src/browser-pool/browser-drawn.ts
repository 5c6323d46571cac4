// "Ready" for the first step means drawn, not merely listed: a browser answers DevTools before its
// window is painted, and a frame of a half-drawn window (no toolbar, no tab strip) is one no
// recording can match. So readiness waits for the toolbar, with the pinned extension's button in
// it when there is an extension, on a frame that has then stopped changing. The pointer is first
// moved off the browser's controls: left where the last test clicked (often on the extension's
// button), it makes the new window show that button hovered and, a moment after the frame looked
// still, its tooltip over the toolbar.
import type { Action } from '../core/action.ts'
import { isBlankFrame, type Frame, type Size } from '../core/frame.ts'
import type { Screen } from '../core/screen.ts'
import { frameTop, type Raster } from '../grounding/raster.ts'
import { toolbarDepth, toolbarStrip } from '../grounding/strip.ts'
import { findToolbarSlot } from '../grounding/toolbar-slot.ts'

export interface DrawnOptions {
  /** An extension is loaded and pinned: its button must be in the toolbar. */
  pinnedIcon: boolean
  /** The browser's device scale factor (default 1): its toolbar is that much taller in pixels. */
  scale?: number | undefined
  /** ms (default 15 000). */
  timeoutMs?: number
  signal?: AbortSignal
}

export interface Drawn {
  drawn: boolean
  waitedMs: number
  /** What the last frame showed, for the line printed when it never looked drawn. */
  evidence: string
}

/** A slot this sure is the pinned button between the omnibox and the extensions menu. */
const SURE = 0.75
const QUIET_MS = 250

/** Waits until the screen shows the browser drawn and still; says so, or what it saw at the deadline. */
export async function waitForBrowserDrawn(screen: Screen, { pinnedIcon, scale = 1, timeoutMs = 15_000, signal }: DrawnOptions): Promise<Drawn> {
  const start = performance.now()
  const left = () => Math.max(0, timeoutMs - (performance.now() - start))
  let evidence = 'no frame yet'
  await screen.perform(restingPointer(screen.size), { signal })
  while (left() > 0) {
    signal?.throwIfAborted()
    // Still first, then one look: a look (a capture, its PNG decoded, the toolbar searched) costs
    // ~50 ms of CPU, the comparisons of a settle almost nothing. A window still growing can show a
    // toolbar for a moment, so only a frame that has stopped changing is judged.
    await screen.settle({ stableMs: QUIET_MS, timeoutMs: left(), signal })
    const look = await lookAt(await screen.capture(), pinnedIcon, scale)
    evidence = look.evidence
    if (look.drawn) return { drawn: true, waitedMs: performance.now() - start, evidence }
  }
  return { drawn: false, waitedMs: performance.now() - start, evidence }
}

/**
 * Where the pointer rests between tests: the screen's bottom-left pixel, the corner of the page
 * farthest from every control of Chromium and Firefox (toolbars and tab strips along the top, a
 * side panel on the right) and from what a page usually puts there.
 */
export const restingPointer = ({ height }: Size): Action => ({ type: 'move', x: 0, y: height - 1 })

/** Waits as waitForBrowserDrawn does; a screen never drawn is a warning, since the first step may still cope. */
export async function warnUnlessDrawn(screen: Screen, { pinnedIcon, scale }: Pick<DrawnOptions, 'pinnedIcon' | 'scale'>, warn: (line: string) => void = console.warn): Promise<void> {
  const drawn = await waitForBrowserDrawn(screen, { pinnedIcon, scale })
  if (!drawn.drawn) warn(`agentprobe: the browser did not look fully drawn within ${Math.round(drawn.waitedMs)} ms (${drawn.evidence}); the first step may see it half drawn`)
}

async function lookAt(frame: Frame, pinnedIcon: boolean, scale: number): Promise<{ drawn: boolean; evidence: string }> {
  // Only the toolbar's band is read: the example suite's looks (13, in its main process) took 1.2
  // CPU-s instead of 2.0 when each converted the whole frame.
  const rows = toolbarDepth(frame.height, scale)
  const band = await frameTop(frame, rows)
  // (a blank display is told apart from the whole frame, only when the band is blank too)
  const notDrawn = (evidence: string) => ({ drawn: false, evidence: plain(band) && frame.luma && isBlankFrame(frame.luma) ? 'a blank frame' : evidence })
  if (!pinnedIcon) return toolbarStrip(band, scale, rows) ? { drawn: true, evidence: 'the toolbar' } : notDrawn('no toolbar strip')
  const slot = findToolbarSlot(band, scale, rows)
  if (!slot) return notDrawn('no toolbar row with an omnibox')
  const at = `at (${slot.center.x}, ${slot.center.y})`
  return slot.confidence >= SURE
    ? { drawn: true, evidence: `the pinned extension button ${at}` }
    : { drawn: false, evidence: `${slot.evidence} ${at}, confidence ${slot.confidence}` }
}

/** Every byte within a few levels of the first pixel's: nothing drawn in it. */
function plain({ data }: Raster): boolean {
  for (let i = 0; i < data.length; i++) if (Math.abs(data[i]! - data[i % 3]!) > 4) return false
  return true
}
