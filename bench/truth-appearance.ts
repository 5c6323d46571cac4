// What the release-day cases' ground truth reads in an extension page, in the language and theme
// the browser runs in: whether it runs in them at all (a browser launched without them would judge
// the wrong thing, so that is an error, not a verdict), where a text is laid out, and how well a
// text stands out from its background. CDP only, no model, no OCR.
import { contrastRatio, parseComputedColour } from '../src/core/contrast.ts'
import type { CheckTab } from './truth.ts'

/** Throws unless the page runs in the UI language `locale` (chrome.i18n.getUILanguage(), e.g. 'ar' for 'ar'). */
export async function requireUiLanguage(tab: CheckTab, locale: string): Promise<void> {
  const language = await tab.evaluate<string>('chrome.i18n.getUILanguage()')
  if (language.split(/[-_]/)[0] !== locale.split(/[-_]/)[0]) throw new Error(`the browser runs in '${language}', the check needs '${locale}': launch it with locale '${locale}'`)
}

/** Throws unless the page sees prefers-color-scheme: dark. */
export async function requireDarkScheme(tab: CheckTab): Promise<void> {
  if (!(await tab.evaluate<boolean>("matchMedia('(prefers-color-scheme: dark)').matches"))) throw new Error("the page is not in dark mode: launch the browser with colorScheme 'dark'")
}

/**
 * Whether the text of `selector` is where a user sees it: at both ends and the middle of its
 * glyphs' box, the element is what the page shows (a hit test), not an ancestor that clips it
 * (overflow: hidden) nor nothing (outside the viewport). False when the element is missing or empty.
 */
export function textShown(tab: CheckTab, selector: string): Promise<boolean> {
  return tab.evaluate<boolean>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)})
    if (!el || !el.textContent.trim()) return false
    const range = document.createRange()
    range.selectNodeContents(el)
    const box = range.getBoundingClientRect()
    const y = box.top + box.height / 2
    return box.width > 0 && [box.left + 1, box.left + box.width / 2, box.right - 1].every((x) => {
      const hit = document.elementFromPoint(x, y)
      return hit !== null && (hit === el || el.contains(hit))
    })
  })()`)
}

/** The computed direction of the page's body: 'rtl' in Arabic when the extension mirrors itself. */
export function bodyDirection(tab: CheckTab): Promise<string> {
  return tab.evaluate<string>('getComputedStyle(document.body).direction')
}

/**
 * The WCAG contrast of the text of `selector` against what is painted behind it: the first
 * ancestor (itself included) with an opaque background colour, else white (the page's own).
 */
export async function textContrast(tab: CheckTab, selector: string): Promise<number> {
  const { text, background } = await tab.evaluate<{ text: string; background: string }>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)})
    if (!el) throw new Error(${JSON.stringify(`no ${selector} in the page`)})
    let backdrop = el
    while (backdrop && getComputedStyle(backdrop).backgroundColor.match(/^rgba\\(.*,\\s*0\\)$|^transparent$/)) backdrop = backdrop.parentElement
    return { text: getComputedStyle(el).color, background: backdrop ? getComputedStyle(backdrop).backgroundColor : 'rgb(255, 255, 255)' }
  })()`)
  return contrastRatio(parseComputedColour(text), parseComputedColour(background))
}
