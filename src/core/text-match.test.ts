import { describe, expect, it } from 'vitest'
import {
  confusableKey,
  dice,
  findPhrase,
  groupLines,
  looseKey,
  matchKind,
  nearMisses,
  normalizeText,
  type TextWord,
} from './text-match.ts'

/** Words laid out left to right on one line starting at (x, y), 10 px per character. */
function line(text: string, x = 0, y = 0, confidence = 90): TextWord[] {
  const words: TextWord[] = []
  for (const part of text.split(' ')) {
    words.push({ text: part, confidence, box: { x, y, width: part.length * 10, height: 16 } })
    x += part.length * 10 + 6
  }
  return words
}

describe('normalizeText', () => {
  it('straightens curly quotes and dashes and collapses whitespace', () => {
    expect(normalizeText('  “Don’t”\t–  stop \n')).toBe(`"Don't" - stop`)
  })
})

describe('matchKind', () => {
  it('ranks the strictest reading', () => {
    expect(matchKind('Open Sidepanel', 'Open Sidepanel')).toBe('exact')
    expect(matchKind('open sidepanel', 'Open Sidepanel')).toBe('case')
    expect(matchKind('Service worker:', 'service worker')).toBe('loose')
    expect(matchKind("couldnt", "couldn't")).toBe('loose')
    expect(matchKind('Sidepanel Ul', 'Sidepanel UI')).toBe('confusable')
  })

  it('folds the confusions OCR makes', () => {
    expect(matchKind('C0NTINUE', 'Continue')).toBe('confusable')
    expect(matchKind('Modern', 'Modem')).toBe('confusable')
    expect(matchKind('5ave', 'Save')).toBe('confusable')
    expect(matchKind('|Save', 'Save')).toBe('loose')
    expect(matchKind('Fi|e', 'File')).toBe('confusable')
    expect(matchKind('1nbox', 'Inbox')).toBe('confusable')
  })

  it('does not match different words', () => {
    expect(matchKind('Opened', 'Open')).toBeUndefined()
    expect(matchKind('Sidepanel Fixture', 'Sidepanel UI')).toBeUndefined()
    expect(matchKind('anything', '')).toBeUndefined()
    expect(matchKind('Save', 'Cave')).toBeUndefined()
  })

  it('keys ignore spaces and punctuation', () => {
    expect(looseKey('Save — changes!')).toBe('savechanges')
    expect(confusableKey('Sidepanel UI')).toBe(confusableKey('Sidepanel Ul'))
  })
})

describe('groupLines', () => {
  it('groups by vertical overlap and splits distant columns', () => {
    const words = [...line('Saved notes: 0', 0, 100), ...line('Service worker', 0, 60), ...line('far away', 900, 62)]
    expect(groupLines(words).map((l) => l.map((w) => w.text).join(' '))).toEqual([
      'Service worker',
      'far away',
      'Saved notes: 0',
    ])
  })
})

describe('findPhrase', () => {
  it("finds a label OCR read with confusions: 'Sidepanel Ul' is 'Sidepanel UI'", () => {
    const [match] = findPhrase(line('Sidepanel Ul', 1572, 154), 'Sidepanel UI')
    expect(match?.kind).toBe('confusable')
    expect(match?.text).toBe('Sidepanel Ul')
  })

  it('finds a two-word label as consecutive words and returns the union box', () => {
    const words = [...line('Sidepanel Fixture', 1512, 100), ...line('Open Sidepanel', 1531, 145)]
    const matches = findPhrase(words, 'Open Sidepanel')
    expect(matches).toHaveLength(1)
    expect(matches[0]?.box).toEqual({ x: 1531, y: 145, width: 40 + 6 + 90, height: 16 })
    expect(matches[0]?.kind).toBe('exact')
  })

  it('matches whole words only', () => {
    expect(findPhrase(line('Opened files'), 'Open')).toEqual([])
    expect(findPhrase(line('Open Sidepanel'), 'Open')).toHaveLength(1)
  })

  it('accepts words OCR split or joined', () => {
    expect(findPhrase(line('OpenSidepanel'), 'Open Sidepanel')[0]?.kind).toBe('loose')
    expect(findPhrase(line('Side panel'), 'Sidepanel')[0]?.kind).toBe('loose')
  })

  it('follows a label wrapped onto the line right below (a two-line button)', () => {
    const [match] = findPhrase([...line('Save', 1822, 227), ...line('note', 1824, 250)], 'Save note')
    expect(match?.text).toBe('Save note')
    expect(match?.box).toEqual({ x: 1822, y: 227, width: 42, height: 39 })
  })

  it('does not join words across distant lines or columns, nor wrap from mid-line', () => {
    expect(findPhrase([...line('Open', 0, 0), ...line('Sidepanel', 0, 40)], 'Open Sidepanel')).toEqual([])
    expect(findPhrase([...line('Open', 0, 0), ...line('Sidepanel', 400, 0)], 'Open Sidepanel')).toEqual([])
    expect(findPhrase([...line('Open now', 0, 0), ...line('Sidepanel', 0, 20)], 'Open Sidepanel')).toEqual([])
  })

  it('ranks exact readings above confusable ones, whatever the confidence', () => {
    const words = [...line('Sidepanel Ul', 0, 0, 99), ...line('Sidepanel UI', 0, 200, 30)]
    const matches = findPhrase(words, 'Sidepanel UI')
    expect(matches.map((m) => m.kind)).toEqual(['exact', 'confusable'])
    expect(matches[0]!.score).toBeGreaterThan(matches[1]!.score)
    expect(matches[0]?.box.y).toBe(200)
  })

  it('finds nothing for a label without letters or digits', () => {
    expect(findPhrase(line('Save ...'), '...')).toEqual([])
  })
})

describe('nearMisses', () => {
  it('reports what looks most like the label', () => {
    const words = [...line('Sidepanel Fixture', 0, 0), ...line('Service worker: connected', 0, 50)]
    const misses = nearMisses(words, 'Sidepanel UI')
    expect(misses[0]?.text).toBe('Sidepanel')
    expect(misses.map((m) => m.text)).not.toContain('worker: connected')
  })

  it('returns nothing when no word is alike', () => {
    expect(nearMisses(line('Saved notes'), 'Open Sidepanel')).toEqual([])
  })
})

describe('dice', () => {
  it('is 1 for equal strings and 0 for nothing shared', () => {
    expect(dice('night', 'night')).toBe(1)
    expect(dice('abc', 'xyz')).toBe(0)
    expect(dice('night', 'nacht')).toBeCloseTo(0.25)
  })
})
