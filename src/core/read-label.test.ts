import { describe, expect, it } from 'vitest'
import { numberInPhrase, readNumber, textAfterLabel } from './read-label.ts'
import type { TextWord } from './text-match.ts'

/** One line of OCR words at y, each 10 px a character with a 6 px gap. */
function line(y: number, ...texts: string[]): TextWord[] {
  let x = 0
  return texts.map((text) => {
    const word = { text, confidence: 90, box: { x, y, width: text.length * 10, height: 16 } }
    x += text.length * 10 + 6
    return word
  })
}

describe('textAfterLabel', () => {
  const words = [...line(0, 'Sidepanel', 'UI'), ...line(40, 'Saved', 'notes:', '12'), ...line(80, 'Status', 'all', 'good')]
  it('reads the words after the label on its line, with the box of both', () => {
    expect(textAfterLabel(words, 'Saved notes:')).toEqual({ text: '12', box: { x: 0, y: 40, width: 142, height: 16 } })
    expect(textAfterLabel(words, 'Status')?.text).toBe('all good')
  })
  it('is undefined for a label with nothing after it, or not on screen', () => {
    expect(textAfterLabel(words, 'Sidepanel UI')).toBeUndefined()
    expect(textAfterLabel(words, 'Total:')).toBeUndefined()
  })
})

describe('numberInPhrase', () => {
  const words = [...line(0, 'You', 'have'), ...line(40, 'Clicked', '1,204', 'times.')]
  it('reads the number standing at the #', () => {
    expect(numberInPhrase(words, 'Clicked # times')?.text).toBe('1,204')
    expect(numberInPhrase(words, '# times')?.text).toBe('1,204')
  })
  it('is undefined when the phrase is not there or no number stands at the #', () => {
    expect(numberInPhrase(words, 'Saved # notes')).toBeUndefined()
    expect(numberInPhrase(words, 'You # have')).toBeUndefined()
  })
})

describe('readNumber', () => {
  it('reads the first number, OCR confusables in a lone number included, and nothing else', () => {
    expect(readNumber('3 notes')).toBe(3)
    expect(readNumber('1,204')).toBe(1204)
    expect(readNumber('-2.5')).toBe(-2.5)
    expect(readNumber('O')).toBe(0)
    expect(readNumber('1O')).toBe(10)
    expect(readNumber('Ready')).toBeUndefined()
    expect(readNumber('lol')).toBeUndefined()
  })
})
