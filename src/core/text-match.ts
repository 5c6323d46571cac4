// OCR reads `UI` as `Ul`, `0` as `O` and splits or joins words: labels are compared with a
// confusable-tolerant key, never `===`, and a multi-word label is found as consecutive words on
// one line of OCR output. Exact readings always outrank tolerant ones.
import type { Box } from './geometry.ts'

export interface TextWord {
  text: string
  /** 0..100, as OCR reports it. */
  confidence: number
  box: Box
}

/** How a label matched, strictest first. */
export type MatchKind = 'exact' | 'case' | 'loose' | 'confusable'

const KIND_SCORE: Record<MatchKind, number> = { exact: 1, case: 0.95, loose: 0.9, confusable: 0.8 }

export interface PhraseMatch {
  words: TextWord[]
  /** The union of the words' boxes. */
  box: Box
  /** What OCR read, words joined by spaces. */
  text: string
  kind: MatchKind
  /** 0..1: the kind's rank, nudged by OCR confidence; an exact reading always outranks a tolerant one. */
  score: number
}

/** Curly quotes, dashes and whitespace runs in their plain form. */
export function normalizeText(text: string): string {
  return text
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Lower case, letters and digits only: punctuation and spaces do not count. */
export function looseKey(text: string): string {
  return normalizeText(text).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
}

/**
 * The loose key with OCR's usual confusions folded together: I/l/1/|/! → l, O/0 → o,
 * S/5 → s, rn → m, vv → w. A `|` or `!` at a word's edge is punctuation (a button border).
 */
export function confusableKey(text: string): string {
  return normalizeText(text)
    .toLowerCase()
    .split(' ')
    .map((word) =>
      word
        .replace(/^[|!]+|[|!]+$/g, '')
        .replace(/[|!1i]/g, 'l')
        .replace(/0/g, 'o')
        .replace(/5/g, 's')
        .replace(/rn/g, 'm')
        .replace(/vv/g, 'w')
        .replace(/[^\p{L}\p{N}]+/gu, ''),
    )
    .join('')
}

/** The strictest way `seen` reads as `wanted`, or undefined. */
export function matchKind(seen: string, wanted: string): MatchKind | undefined {
  const a = normalizeText(seen)
  const b = normalizeText(wanted)
  if (b === '') return undefined
  if (a === b) return 'exact'
  if (a.toLowerCase() === b.toLowerCase()) return 'case'
  const loose = looseKey(b)
  if (loose !== '' && looseKey(a) === loose) return 'loose'
  const confusable = confusableKey(b)
  if (confusable !== '' && confusableKey(a) === confusable) return 'confusable'
  return undefined
}

/** The smallest box around all of `boxes`. */
export function unionBox(boxes: readonly Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x))
  const y0 = Math.min(...boxes.map((b) => b.y))
  const x1 = Math.max(...boxes.map((b) => b.x + b.width))
  const y1 = Math.max(...boxes.map((b) => b.y + b.height))
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/**
 * Words grouped into visual lines (vertical overlap), each left to right, split where the gap
 * between neighbours is wider than about two characters' height: separate columns of one row
 * are separate lines.
 */
export function groupLines(words: readonly TextWord[]): TextWord[][] {
  const rows: { words: TextWord[]; box: Box }[] = []
  for (const word of [...words].sort((a, b) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2))) {
    const row = rows.find((r) => verticalOverlap(r.box, word.box) >= 0.5 * Math.min(r.box.height, word.box.height))
    if (row) {
      row.words.push(word)
      row.box = unionBox([row.box, word.box])
    } else {
      rows.push({ words: [word], box: word.box })
    }
  }
  const lines: TextWord[][] = []
  for (const row of rows) {
    const sorted = row.words.sort((a, b) => a.box.x - b.box.x)
    let line: TextWord[] = []
    for (const word of sorted) {
      const prev = line.at(-1)
      if (prev && word.box.x - (prev.box.x + prev.box.width) > 2 * Math.max(prev.box.height, word.box.height)) {
        lines.push(line)
        line = []
      }
      line.push(word)
    }
    if (line.length > 0) lines.push(line)
  }
  return lines
}

function verticalOverlap(a: Box, b: Box): number {
  return Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
}

/**
 * Every run of consecutive words that reads as `label` (whole words: 'Open' does not match
 * 'Opened'), best first. OCR may split or join the label's words; that still matches. A run
 * may wrap from the end of a line to the start of the line right below it (a two-line button).
 */
export function findPhrase(words: readonly TextWord[], label: string): PhraseMatch[] {
  const wantedKey = confusableKey(label)
  if (wantedKey === '') return []
  const lines = groupLines(words)
  const matches: PhraseMatch[] = []
  for (const line of lines) {
    for (let i = 0; i < line.length; i++) {
      let joined = ''
      const run: TextWord[] = []
      let current: TextWord[] | undefined = line
      for (let j = i; current && joined.length < wantedKey.length; j++) {
        if (j === current.length) {
          current = lineBelow(lines, current)
          j = -1
          continue
        }
        const word = current[j]!
        joined += confusableKey(word.text)
        run.push(word)
        if (joined.length === 0 || !wantedKey.startsWith(joined)) break
        if (joined === wantedKey) matches.push(scored([...run], label))
      }
    }
  }
  return matches.sort((a, b) => b.score - a.score)
}

function scored(run: TextWord[], label: string): PhraseMatch {
  const text = run.map((w) => w.text).join(' ')
  const kind = matchKind(text, label) ?? 'confusable'
  const confidence = run.reduce((sum, w) => sum + w.confidence, 0) / run.length
  const score = KIND_SCORE[kind] * (0.98 + 0.02 * Math.min(1, Math.max(0, confidence / 100)))
  return { words: run, box: unionBox(run.map((w) => w.box)), text, kind, score }
}

/** The line just under `line` (within a line's height) that overlaps it horizontally. */
function lineBelow(lines: readonly TextWord[][], line: readonly TextWord[]): TextWord[] | undefined {
  const box = unionBox(line.map((w) => w.box))
  const bottom = box.y + box.height
  return lines.find((other) => {
    const b = unionBox(other.map((w) => w.box))
    const gap = b.y - bottom
    return other !== line && gap >= -2 && gap <= box.height && b.x < box.x + box.width && box.x < b.x + b.width
  })
}

export interface NearMiss {
  text: string
  box: Box
  /** 0..1 similarity of the confusable keys (Dice coefficient of character pairs). */
  similarity: number
}

/** What OCR saw that looks most like `label`: for "could not find … (saw …)" messages. */
export function nearMisses(words: readonly TextWord[], label: string, limit = 3, threshold = 0.4): NearMiss[] {
  const wanted = confusableKey(label)
  const span = normalizeText(label).split(' ').length
  const found = new Map<string, NearMiss>()
  for (const line of groupLines(words)) {
    for (let i = 0; i < line.length; i++) {
      for (let n = Math.max(1, span - 1); n <= span + 1 && i + n <= line.length; n++) {
        const run = line.slice(i, i + n)
        if (!hasWordChar(run[0]!.text) || !hasWordChar(run.at(-1)!.text)) continue
        const text = run.map((w) => w.text).join(' ')
        const similarity = dice(confusableKey(text), wanted)
        if (similarity < threshold) continue
        const previous = found.get(text)
        if (!previous || previous.similarity < similarity) {
          found.set(text, { text, box: unionBox(run.map((w) => w.box)), similarity })
        }
      }
    }
  }
  return [...found.values()].sort((a, b) => b.similarity - a.similarity).slice(0, limit)
}

function hasWordChar(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text)
}

/** Dice coefficient of the two strings' character bigrams (1 = same, 0 = nothing shared). */
export function dice(a: string, b: string): number {
  if (a === b) return 1
  if (a.length < 2 || b.length < 2) return 0
  const pairs = new Map<string, number>()
  for (let i = 0; i < a.length - 1; i++) pairs.set(a.slice(i, i + 2), (pairs.get(a.slice(i, i + 2)) ?? 0) + 1)
  let shared = 0
  for (let i = 0; i < b.length - 1; i++) {
    const pair = b.slice(i, i + 2)
    const count = pairs.get(pair) ?? 0
    if (count > 0) {
      shared++
      pairs.set(pair, count - 1)
    }
  }
  return (2 * shared) / (a.length - 1 + b.length - 1)
}
