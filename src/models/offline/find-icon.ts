// The extension's toolbar icon on a frame: its manifest icon matched by pixels when it has one;
// else, or when the pixels match nothing, the slot the harness pinned it in, read from the
// toolbar's layout (Chrome draws a letter tile for an extension without an icon). The step's text
// says which way it was found, so a trace shows how sure the click was.
import type { Frame } from '../../core/frame.ts'
import type { Box } from '../../core/geometry.ts'
import type { LocateResult, Locator } from '../../grounding/locate.ts'

/** A toolbar-layout reading below this is not trusted with a click. */
const SLOT_CONFIDENCE = 0.5
/** A reading this sure (an icon-sized button before the extensions menu) outranks a colour match elsewhere. */
const SURE_SLOT = 0.75

export type IconFound = { at: { x: number; y: number }; what: string } | { missed: string }

/** Where to click for "the extension icon", and how that was found. */
export async function findExtensionIcon(frame: Pick<Frame, 'image' | 'hash'>, locator: Pick<Locator, 'locate'>, icon: Uint8Array | undefined): Promise<IconFound> {
  let why = 'no icon in the manifest'
  let unmatched = false
  let slot: LocateResult | undefined
  if (icon) {
    const match = await locator.locate(frame, { image: icon })
    const found = match.located
    // The icon is drawn elsewhere too (a tab's favicon, the extension's own page), and a one-colour
    // icon matches any patch of its colour: off the pinned slot, the slot wins.
    slot = found ? await locator.locate(frame, { toolbarSlot: true }) : undefined
    const sure = slot?.located && slot.located.confidence >= SURE_SLOT ? slot.located : undefined
    const how = found?.via === 'colour' ? 'colour' : 'template'
    if (found && (!sure || inside(found.center, sure.box))) {
      return { at: found.center, what: `the extension icon (${how} match ${found.confidence.toFixed(2)})` }
    }
    unmatched = !found
    why = found ? `its icon's ${how} match was away from the pinned slot, at (${found.center.x}, ${found.center.y})` : `its manifest icon matched nothing: ${match.seen}`
  }
  slot ??= await locator.locate(frame, { toolbarSlot: true })
  if (slot.located && slot.located.confidence >= SLOT_CONFIDENCE) {
    // agentprobe pinned the icon itself, so its slot is trusted over pixels the extension may have changed.
    const changed = unmatched && slot.located.confidence >= SURE_SLOT ? '; a badge, an icon set at run time or a greyed action draws it unlike the manifest' : ''
    return { at: slot.located.center, what: `the extension icon (the pinned slot ${slot.seen}, layout ${slot.located.confidence.toFixed(2)}: ${why}${changed})` }
  }
  const layout = slot.located ? `the first button ${slot.seen} (layout ${slot.located.confidence.toFixed(2)})` : slot.seen
  return { missed: `could not find the extension icon on screen (${why}; toolbar: ${layout})` }
}

function inside(p: { x: number; y: number }, box: Box, margin = 4): boolean {
  return p.x >= box.x - margin && p.x < box.x + box.width + margin && p.y >= box.y - margin && p.y < box.y + box.height + margin
}
