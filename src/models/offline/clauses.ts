// Splits an instruction into sentences, then into clauses. "then", ";" and "after that" always
// separate clauses; a comma or "and" does only before a verb, so "click Terms and Conditions"
// stays one clause. Works on quote-masked text (quotes.ts).

/** Verbs that start a clause: the planner's, expectation verbs, and other UI verbs it can name. */
const CLAUSE_VERBS =
  /^(?:click|double[- ]?click|right[- ]?click|tap|press|hit|open|select|choose|type|enter|input|write|fill|scroll|wait|pause|verify|check|ensure|expect|confirm|make sure|drag|drop|hover|move|go|navigate|visit|close|reload|refresh|submit|toggle|switch|uncheck|log ?in|sign ?in|swipe|long[- ]?press|find|search|highlight|copy|paste|upload|download)\b/i

/** Words that may lead a clause without changing it. */
const LEAD_INS = /^(?:(?:and|then|next|now|finally|first|after that|afterwards|please|also)\b[\s,]*)+/i

const STRONG = /^\s*(?:,\s*)?(?:and\s+)?(?:then|after that)\b|^\s*;/i
const SEPARATOR = /(\s*(?:,\s*(?:and\s+)?then\b|,\s*and\b|;|,|\band then\b|\bthen\b|\bafter that\b|\band\b)\s*)/i

export function sentences(masked: string): string[] {
  return masked
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim().replace(/[.!?]+$/, '').trim())
    .filter((s) => s !== '')
}

/** A sentence's clauses, lead-in words removed. */
export function clauses(sentence: string): string[] {
  const parts = sentence.split(SEPARATOR)
  const out: string[] = []
  for (let i = 0; i < parts.length; i += 2) {
    const piece = stripLeadIn(parts[i]!)
    if (piece === '') continue
    if (out.length === 0 || STRONG.test(parts[i - 1] ?? '') || CLAUSE_VERBS.test(piece)) out.push(piece)
    else out[out.length - 1] += `${parts[i - 1] ?? ' '}${parts[i]!.trim()}`
  }
  return out.map((c) => c.trim()).filter((c) => c !== '')
}

export function stripLeadIn(text: string): string {
  return text.trim().replace(LEAD_INS, '').trim()
}
