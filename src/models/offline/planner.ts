// The offline model's grammar: an instruction becomes steps it can ground on pixels (click,
// right-click or double-click a quoted label, a point or the extension icon; select quoted text;
// type, press keys, scroll, wait). "in the side panel", "on the page", "in the context menu"… say
// where a label is.
// Expectations ("The panel should appear…") are kept as notes; anything else is reported, never
// guessed at.
import type { Point } from '../../core/action.ts'
import { normalizeCombo } from '../../core/keys.ts'
import type { BrowserRegion } from '../../grounding/browser-regions.ts'
import { clauses, sentences, stripLeadIn } from './clauses.ts'
import { MARK_PATTERN, markedQuote, maskQuotes, unmask } from './quotes.ts'

/** Where a label is looked for: a part of the browser window, or the context menu a right-click opened. */
export type LabelRegion = BrowserRegion | 'context menu'

/** A quoted label (`within` a part of the browser window when the instruction says so), the icon, a point, or what the run selected last. */
export type ClickTarget = { text: string; within?: LabelRegion } | { extensionIcon: true } | { point: Point } | { selection: true }

/** What a clause asks for. */
export type StepBody =
  | { kind: 'click'; target: ClickTarget; button: 'left' | 'right'; double: boolean }
  /** Select quoted text on screen (a drag across it). */
  | { kind: 'select'; text: string; within?: BrowserRegion }
  | { kind: 'type'; text: string; field?: string }
  | { kind: 'press'; keys: string[]; times: number }
  | { kind: 'scroll'; direction: 'up' | 'down' | 'left' | 'right'; times: number }
  | { kind: 'wait'; ms: number }
  /** A stated expectation: not acted on (the verifier judges outcomes). */
  | { kind: 'expect' }
  /** A clause the grammar does not understand. */
  | { kind: 'unknown' }

/** A step and the clause it came from, as written. */
export type Step = StepBody & { source: string }

export interface Plan {
  steps: Step[]
  /** Steps that act (not expect, not unknown). */
  actions: number
  /** The clauses that were not understood, as written. */
  unknown: string[]
}

export function planInstruction(instruction: string): Plan {
  const { text, quotes } = maskQuotes(instruction)
  const steps = sentences(text).flatMap((sentence) =>
    clauses(sentence).map((clause): Step => ({ ...parseClause(clause, quotes), source: unmask(clause, quotes) })),
  )
  return {
    steps,
    actions: steps.filter((s) => s.kind !== 'expect' && s.kind !== 'unknown').length,
    unknown: steps.filter((s) => s.kind === 'unknown').map((s) => s.source),
  }
}

const Q = `(${MARK_PATTERN})`
const TIMES = String.raw`(?:\s+(once|twice|thrice|\d+\s+times?))?`
const EXTENSION_ICON =
  /^(?:on\s+)?(?:the\s+)?(?:(?:extension(?:'s|’s)?|toolbar|action)\s+(?:toolbar\s+|action\s+)?(?:icon|button)|icon\s+of\s+the\s+extension|extension(?:'s|’s)?\s+popup)(?:\s+(?:in|on|from)\s+(?:the\s+)?(?:chrome\s+|browser\s+)?toolbar)?$/i
const EXPECTATION =
  /\b(?:should|must|will|expect(?:ed|s)?|verify|check|ensure|make sure|confirm|appears?|is (?:now )?(?:visible|shown|displayed|open(?:ed)?))\b/i

function parseClause(clause: string, quotes: readonly string[]): StepBody {
  const c = stripLeadIn(clause)
  let m: RegExpExecArray | null
  if ((m = new RegExp(`^(?:select|highlight)\\s+(?:the\\s+)?(?:text|words?|phrase)\\s+${Q}(?:\\s+(.+))?$`, 'i').exec(c))) {
    const named = m[2] === undefined ? undefined : regionOf(m[2])
    // Text in a context menu is not selectable: such a phrase is not understood.
    const within = named === 'context menu' ? undefined : named
    if (m[2] === undefined || within) return { kind: 'select', text: markedQuote(m[1]!, quotes)!, ...(within && { within }) }
  }
  if ((m = /^(double[- ]?click|right[- ]?click|click|tap|press|hit|open|select|choose)\s+(?:on\s+)?(.+)$/i.exec(c))) {
    const verb = m[1]!.toLowerCase()
    const rest = m[2]!.trim()
    if (/^(?:press|hit|tap)$/.test(verb)) {
      const keys = parseKeys(rest, quotes)
      if (keys) return keys
    }
    const target = parseTarget(rest, quotes, /click|tap/.test(verb))
    if (target) return { kind: 'click', target, button: verb.startsWith('right') ? 'right' : 'left', double: verb.startsWith('double') }
  }
  if ((m = new RegExp(`^(?:type|enter|input|write)\\s+${Q}(?:\\s+(?:into|in|in to|on)\\s+(.+))?$`, 'i').exec(c))) {
    return { kind: 'type', text: markedQuote(m[1]!, quotes)!, field: m[2] ? fieldName(m[2], quotes) : undefined }
  }
  if ((m = new RegExp(`^fill\\s+(?:in\\s+)?(.+?)\\s+with\\s+${Q}$`, 'i').exec(c))) {
    return { kind: 'type', text: markedQuote(m[2]!, quotes)!, field: fieldName(m[1]!, quotes) }
  }
  if ((m = new RegExp(`^scroll(?:\\s+the\\s+page)?(?:\\s+(up|down|left|right))?${TIMES}$`, 'i').exec(c))) {
    return { kind: 'scroll', direction: (m[1]?.toLowerCase() ?? 'down') as 'up' | 'down' | 'left' | 'right', times: times(m[2]) }
  }
  if ((m = /^(?:wait|pause)(?:\s+for)?\s+(?:(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?)|(a|one)\s+(second|moment))$/i.exec(c))) {
    const ms = m[1] ? Number(m[1]) * (m[2]!.toLowerCase().startsWith('m') ? 1 : 1000) : 1000
    return { kind: 'wait', ms }
  }
  return EXPECTATION.test(c) ? { kind: 'expect' } : { kind: 'unknown' }
}

/**
 * "Enter", "the Escape key", "ctrl+shift+t", "the 'Tab' key twice": keys and a repeat count.
 * A quoted word alone is a label to click ('Next' is a button, not Page Down).
 */
function parseKeys(rest: string, quotes: readonly string[]): StepBody | undefined {
  const m = new RegExp(`^(?:the\\s+)?(.+?)(\\s+keys?)?${TIMES}$`, 'i').exec(rest)
  if (!m) return undefined
  const quoted = markedQuote(m[1]!, quotes)
  if (quoted !== undefined && !m[2] && !quoted.includes('+')) return undefined
  const spec = quoted ?? m[1]!
  if (new RegExp(MARK_PATTERN).test(spec)) return undefined
  try {
    return { kind: 'press', keys: normalizeCombo(spec), times: times(m[3]) }
  } catch {
    return undefined
  }
}

/** What a description names, when it is one quoted label ("the 'Save' button in the popup") or the extension's icon. */
export function describedTarget(description: string): ClickTarget | undefined {
  const { text, quotes } = maskQuotes(description)
  return parseTarget(text.trim().replace(/[.!]$/, ''), quotes, false)
}

/** A quoted label ("the 'Save' button in the popup"), a point ("at (640, 400)") or the extension's toolbar icon. */
function parseTarget(rest: string, quotes: readonly string[], pointing: boolean): ClickTarget | undefined {
  if (EXTENSION_ICON.test(rest)) return { extensionIcon: true }
  if (SELECTION.test(rest)) return { selection: true }
  const point = pointing ? POINT.exec(rest) : null
  if (point) return { point: { x: Number(point[1]), y: Number(point[2]) } }
  const m = new RegExp(`^(?:the\\s+)?${Q}(?:\\s+${NOUN})?(?:\\s+(.+))?$`, 'i').exec(rest)
  if (!m) return undefined
  const text = markedQuote(m[1]!, quotes)!
  const within = m[2] === undefined ? undefined : regionOf(m[2])
  return within ? { text, within } : { text }
}

/** "the selection", "the selected text", "it" (after a select step): the text the run selected last. */
const SELECTION = /^(?:the\s+)?(?:selection|selected\s+(?:text|words?|phrase)|highlighted\s+(?:text|words?)|it)$/i

/** What a quoted label names: "the 'Save' button", "the 'Title' heading", "the 'Docs' menu item". */
const NOUN = String.raw`(?:button|link|tab|menu\s+item|item|option|icon|checkbox|entry|heading|title|header|label|text|word|chip|field|card|row|cell|image|picture|toggle|switch)`

/** "at (640, 400)", "at 100, 200", "(640,400)", "at x=100, y=200": screen pixels. */
const POINT = /^(?:at\s+)?(?:the\s+)?(?:point\s+)?(?:at\s+)?\(?\s*(?:x\s*[=:]\s*)?(\d{1,5})\s*,\s*(?:y\s*[=:]\s*)?(\d{1,5})\s*\)?$/i

/** Phrases that name a part of the browser window, after "in/on/inside/within/from/at (the)". */
const REGIONS: readonly [RegExp, LabelRegion][] = [
  [/^(?:(?:web\s*)?page(?:'s|’s)?(?:\s+(?:content|itself|body))?|(?:top|bottom|middle|left|right)\s+(?:side\s+)?of\s+the\s+page|website|site|tab(?:'s|’s)?\s+content|content\s+area)$/i, 'page'],
  [/^(?:(?:chrome|browser)(?:'s|’s)?\s+)?(?:toolbar|omnibox|address\s+bar|url\s+bar|location\s+bar|tab\s*strip|tab\s+bar|ui|chrome|frame)$/i, 'toolbar'],
  [/^(?:(?:extension|action)(?:'s|’s)?\s+)?popup(?:\s+window)?$/i, 'popup'],
  [/^(?:(?:extension|browser|chrome)(?:'s|’s)?\s+)?(?:side[- ]?panel|sidebar)$/i, 'side panel'],
  [/^(?:(?:context|right[- ]?click|pop[- ]?up)\s+)?menu$/i, 'context menu'],
]

/**
 * The part of the window "in the side panel", "on the page" names, or undefined for any other
 * phrase (which is then not used: the label is looked for everywhere, as before).
 */
function regionOf(phrase: string): LabelRegion | undefined {
  const m = /^(?:in|on|inside|within|from|at)\s+(?:the\s+)?(.+)$/i.exec(phrase.trim())
  return m ? REGIONS.find(([pattern]) => pattern.test(m[1]!.trim()))?.[1] : undefined
}

/** "the 'Name' field", "the search box": the field's label as written. */
function fieldName(text: string, quotes: readonly string[]): string {
  const bare = text.trim().replace(/^the\s+/i, '').replace(/\s+(?:field|box|input|text ?box|area)$/i, '')
  return markedQuote(bare, quotes) ?? unmask(bare, quotes)
}

function times(word: string | undefined): number {
  if (!word) return 1
  const w = word.toLowerCase()
  return w === 'once' ? 1 : w === 'twice' ? 2 : w === 'thrice' ? 3 : Number.parseInt(w, 10)
}
