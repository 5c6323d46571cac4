// Finds a quoted label for a step. With a region ("in the side panel") only that part of the
// browser window counts, and a miss names the part and what was read there. Without one, a label
// shown twice is taken from what the page or the extension shows, never from browser chrome
// (a tab title, an omnibox chip), and the step says which one it took and why. A label found only
// in browser chrome while the page shows no text yet is in doubt: the page's copy is likely still
// being drawn; so is a label drawn grey on grey, as a button not enabled yet is. Right after a
// right-click, or "in the context menu", the menu it opened comes first (find-in-menu.ts).
import type { Point } from '../../core/action.ts'
import type { Frame } from '../../core/frame.ts'
import type { Box } from '../../core/geometry.ts'
import type { BrowserRegion } from '../../grounding/browser-regions.ts'
import { looksDisabled } from '../../grounding/label-ink.ts'
import { NO_LEGIBLE_TEXT, type LocateResult, type Located, type Locator } from '../../grounding/locate.ts'
import { unreadableScript } from '../../grounding/readable-script.ts'
import { findInMenu, type OpenedMenu } from './find-in-menu.ts'
import type { LabelRegion } from './planner.ts'

export interface FoundLabel {
  at: Point
  box: Box
  /** The label and where it was, e.g. `'Save' in the side panel`. */
  what: string
  /** Why this one, when the label is on screen more than once. */
  note?: string
  /** Why it may be the wrong copy, worth another look before acting on it. */
  doubt?: string
}

/** Which copy of a label an instruction most likely means: the popup on top, then the page, the side panel, the toolbar last. */
const PREFERENCE: readonly BrowserRegion[] = ['popup', 'page', 'side panel', 'toolbar']

export async function findLabel(
  label: { text: string; within?: LabelRegion },
  frame: Pick<Frame, 'image' | 'hash'>,
  locator: Pick<Locator, 'locate' | 'ink'>,
  menu?: OpenedMenu,
): Promise<FoundLabel | { missed: string }> {
  const script = unreadableScript(label.text)
  if (script) return { missed: `cannot look for '${label.text}': the offline model's OCR reads Latin script only, and this is ${script} script: use a vision model (AGENTPROBE_MODEL or a provider's key) for it` }
  if (label.within === 'context menu' || (menu && label.within === undefined)) {
    if (menu) {
      const found = await findInMenu(label.text, frame, locator, menu)
      // Unasked for, the menu only comes first: a label that is not in it is looked for everywhere.
      if ('at' in found || label.within === 'context menu') return found
    } else {
      const found = await findLabel({ text: label.text }, frame, locator)
      const why = 'no right-click came before it in this instruction, so the whole screen was searched for the menu item'
      return 'missed' in found ? found : { ...found, note: found.note ? `${found.note}; ${why}` : why }
    }
  }
  const { text, within } = label
  const result = await locator.locate(frame, within ? { text, within } : { text })
  if (!result.located) return { missed: missMessage({ text, within }, result) }
  const matches = result.matches && result.matches.length > 0 ? result.matches : [result.located]
  const chosen = within ? result.located : preferred(matches)
  const where = chosen.region ? ` in the ${chosen.region}` : ''
  const note = matches.length > 1 ? ambiguity(text, chosen, matches) : undefined
  const doubt = (await disabledLook(frame, locator, text, chosen.box)) ?? (!within && chosen.region === 'toolbar' && (await pageUndrawn(frame, locator, text)) ? `'${text}' is only in the toolbar (a tab title, say) while the page shows no text yet` : undefined)
  return { at: chosen.center, box: chosen.box, what: `'${text}'${where}`, ...(note && { note }), ...(doubt && { doubt }) }
}

/** Why the label looks like a button not enabled yet, or undefined. */
async function disabledLook(frame: Pick<Frame, 'image' | 'hash'>, locator: Pick<Locator, 'ink'>, text: string, box: Box): Promise<string | undefined> {
  const ink = await locator.ink(frame, box)
  return looksDisabled(ink) ? `'${text}' looks disabled: grey on grey at ${ink.contrast.toFixed(1)}:1 contrast, as a button not enabled yet is drawn` : undefined
}

/** True when the frame has a page area and OCR reads nothing in it: it is loading, or blank. */
async function pageUndrawn(frame: Pick<Frame, 'image' | 'hash'>, locator: Pick<Locator, 'locate'>, text: string): Promise<boolean> {
  const page = await locator.locate(frame, { text, within: 'page' })
  return page.area !== undefined && page.seen === NO_LEGIBLE_TEXT
}

/** The best-read match in the most likely region. */
function preferred(matches: readonly Located[]): Located {
  const rank = (m: Located) => (m.region ? PREFERENCE.indexOf(m.region) : 0)
  return [...matches].sort((a, b) => rank(a) - rank(b) || b.confidence - a.confidence)[0]!
}

/** "'Open side panel' is on screen twice; took the one in the page, not the toolbar". */
function ambiguity(text: string, chosen: Located, matches: readonly Located[]): string {
  const count = matches.length === 2 ? 'twice' : `${matches.length} times`
  const others = [...new Set(matches.filter((m) => m !== chosen && m.region !== chosen.region).map((m) => m.region))]
  if (!chosen.region) return `'${text}' is on screen ${count}; took the best reading, at (${chosen.center.x}, ${chosen.center.y})`
  if (others.length === 0) return `'${text}' is on screen ${count}, all in the ${chosen.region}; took the best reading, at (${chosen.center.x}, ${chosen.center.y})`
  return `'${text}' is on screen ${count}; took the one in the ${chosen.region}, not the ${others.join(' or the ')}`
}

function missMessage(label: { text: string; within?: BrowserRegion }, result: LocateResult): string {
  const closest = result.nearMisses.map((m) => `'${m.text}' at (${m.box.x}, ${m.box.y})`).join(', ')
  const near = closest ? `; closest: ${closest}` : ''
  if (!label.within) return `could not find '${label.text}' on screen${near}; visible text: ${result.seen}`
  const elsewhere = (result.elsewhere ?? []).map((m) => `${m.region ? `in the ${m.region} ` : ''}at (${m.center.x}, ${m.center.y})`)
  const but = elsewhere.length > 0 ? `; it is ${elsewhere.join(' and ')}` : ''
  if (!result.area) return `could not find '${label.text}' in the ${label.within}: ${absent(label.within)}${but}`
  const { x, y, width, height } = result.area
  return `could not find '${label.text}' in the ${label.within} (${x}, ${y})–(${x + width}, ${y + height})${but}${near}; text seen there: ${result.seen}`
}

/** Why a frame has no such region. */
function absent(region: BrowserRegion): string {
  switch (region) {
    case 'popup':
      return 'no popup is open on this frame (no box hangs under the toolbar)'
    case 'side panel':
      return 'no side panel is open on this frame (no column at the right edge under the toolbar)'
    case 'toolbar':
    case 'page':
      return 'this frame shows no browser toolbar, so it has no toolbar or page to look in'
    default:
      return region satisfies never
  }
}
