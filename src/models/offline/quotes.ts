// Quoted text is what the offline model can act on and check: 'Open Sidepanel', "Save",
// ‘curly’, “double curly”. Apostrophes inside words (extension's, doesn't) are not quotes.

const PAIRS: readonly { open: string; close: string }[] = [
  { open: "'‘", close: "'’" },
  { open: '"“', close: '"”' },
]

/** A marker that stands in for a quoted span while a sentence is split on its punctuation. */
const MARK = '\u0000'

export interface Masked {
  /** The text with each quoted span replaced by a marker. */
  text: string
  /** The quoted texts, in order (without their quotes). */
  quotes: string[]
}

/** Replaces every quoted span by a marker, so commas and full stops inside quotes stay put. */
export function maskQuotes(text: string): Masked {
  const quotes: string[] = []
  let out = ''
  let i = 0
  while (i < text.length) {
    const end = quoteEnd(text, i)
    if (end === undefined) {
      out += text[i]
      i++
      continue
    }
    out += markerFor(quotes.length)
    quotes.push(text.slice(i + 1, end))
    i = end + 1
  }
  return { text: out, quotes }
}

/** Puts the quoted spans back, with straight quotes. */
export function unmask(text: string, quotes: readonly string[]): string {
  return text.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'g'), (_, n: string) => `'${quotes[Number(n)] ?? ''}'`)
}

/** The quote behind a marker, when `text` is exactly one marker. */
export function markedQuote(text: string, quotes: readonly string[]): string | undefined {
  const m = new RegExp(`^${MARK}(\\d+)${MARK}$`).exec(text.trim())
  return m ? quotes[Number(m[1])] : undefined
}

export const MARK_PATTERN = `${MARK}\\d+${MARK}`

/** The marker that stands for quote number `index`. */
export function markerFor(index: number): string {
  return `${MARK}${index}${MARK}`
}

/** Where the quote opening at `i` closes, or undefined when `i` opens no quote. */
function quoteEnd(text: string, i: number): number | undefined {
  const pair = PAIRS.find((p) => p.open.includes(text[i]!))
  if (!pair) return undefined
  const before = text[i - 1]
  const after = text[i + 1]
  if (before !== undefined && /[\p{L}\p{N}]/u.test(before)) return undefined
  if (after === undefined || /\s/.test(after)) return undefined
  for (let j = i + 2; j < text.length; j++) {
    if (!pair.close.includes(text[j]!)) continue
    const next = text[j + 1]
    if (/\s/.test(text[j - 1]!)) continue
    if (next !== undefined && /[\p{L}\p{N}]/u.test(next)) continue
    return j
  }
  return undefined
}
