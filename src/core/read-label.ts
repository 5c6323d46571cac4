// What OCR can honestly read as a value: the words after a label on its line ('Count:' → '3'), or
// the number standing where a phrase has '#' ('# notes saved' → 3). Nothing is guessed: no match
// is undefined.
import type { Box } from './geometry.ts'
import { findPhrase, groupLines, normalizeText, unionBox, type TextWord } from './text-match.ts'

export interface LabelReading {
  /** The value as read. */
  text: string
  /** Where the label and its value were read, together. */
  box: Box
}

/** The words to the right of the best-read copy of `label`, on the same line. */
export function textAfterLabel(words: readonly TextWord[], label: string): LabelReading | undefined {
  const lines = groupLines(words)
  for (const match of findPhrase(words, label)) {
    const last = match.words.at(-1)!
    const line = lines.find((l) => l.includes(last))
    const after = line ? line.slice(line.indexOf(last) + 1) : []
    if (after.length > 0) return { text: after.map((w) => w.text).join(' '), box: unionBox([match.box, ...after.map((w) => w.box)]) }
  }
  return undefined
}

const NUMBER = String.raw`([-+]?\d[\d,]*(?:\.\d+)?)`

/** The number at the '#' of `phrase`, on the first line that reads as the phrase. */
export function numberInPhrase(words: readonly TextWord[], phrase: string): LabelReading | undefined {
  const parts = normalizeText(phrase).split('#').map((p) => p.trim().split(/\s+/).filter(Boolean).map(escape).join(String.raw`\s*`))
  const pattern = new RegExp(`(?:^|\\s)${parts.join(String.raw`\s*${NUMBER}\s*`)}(?=$|\\s|[.,;:!?)])`, 'i')
  for (const line of groupLines(words)) {
    const m = pattern.exec(normalizeText(line.map((w) => w.text).join(' ')))
    if (m?.[1] !== undefined) return { text: m[1], box: unionBox(line.map((w) => w.box)) }
  }
  return undefined
}

/** The first number in a reading ('3 notes' → 3, '1,204' → 1204, OCR's 'O' alone → 0), or undefined. */
export function readNumber(text: string): number | undefined {
  // OCR reads 0 as O and 1 as l or I: a word of digits and those (with one digit at least, or a lone O) is a number.
  const word = text.trim()
  const digitLike = /^[\dOolI|,.]+$/.test(word) && (/\d/.test(word) || /^[Oo]$/.test(word))
  const digits = digitLike ? word.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1') : text
  const m = new RegExp(NUMBER).exec(digits)
  return m?.[1] === undefined ? undefined : Number(m[1].replace(/,/g, ''))
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
