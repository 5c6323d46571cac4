// A label in the context menu a right-click opened. Right after a right-click the menu is where
// the next label is looked for first: the page often shows the same words (a button named like the
// menu item), and the menu covers the page, so OCR reads both. The menu's box comes from what the
// right-click changed on screen (grounding/menu-box.ts).
import type { Point } from '../../core/action.ts'
import type { Frame } from '../../core/frame.ts'
import type { FrameInput, Locator } from '../../grounding/locate.ts'
import type { Box } from '../../core/geometry.ts'

/** The right-click that opened a menu: where it landed, and the frame it was decided on. */
export interface OpenedMenu {
  at: Point
  before: FrameInput
}

/** A label found in the menu (the same shape as find-label.ts's FoundLabel). */
export type InMenu = { at: Point; box: Box; what: string; note?: string } | { missed: string }

export async function findInMenu(text: string, frame: Pick<Frame, 'image' | 'hash'>, locator: Pick<Locator, 'locate'>, menu: OpenedMenu): Promise<InMenu> {
  const area = await locator.locate(frame, { openedMenu: menu })
  if (!area.located) return { missed: `could not tell where the context menu is (${area.seen})` }
  const box = area.located.box
  const result = await locator.locate(frame, { text, box })
  const elsewhere = (result.elsewhere ?? []).map((m) => `(${m.center.x}, ${m.center.y})`)
  if (result.located) {
    const count = 1 + elsewhere.length
    const note = elsewhere.length > 0 ? `'${text}' is on screen ${count === 2 ? 'twice' : `${count} times`}; took the one in the context menu the right-click opened (${area.seen}), not the one at ${elsewhere.join(' or ')}` : undefined
    return { at: result.located.center, box: result.located.box, what: `'${text}' in the context menu`, ...(note && { note }) }
  }
  const but = elsewhere.length > 0 ? `; it is elsewhere on screen, at ${elsewhere.join(' and ')}` : ''
  const near = result.nearMisses.map((m) => `'${m.text}' at (${m.box.x}, ${m.box.y})`).join(', ')
  return { missed: `could not find '${text}' in the context menu (${area.seen})${but}${near ? `; closest: ${near}` : ''}; text seen there: ${result.seen}` }
}
