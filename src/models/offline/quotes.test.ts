import { describe, expect, it } from 'vitest'
import { maskQuotes, markedQuote, unmask } from './quotes.ts'

const quotedTexts = (text: string) => maskQuotes(text).quotes

describe('maskQuotes: which quotes it sees', () => {
  it('reads straight, double and curly quotes', () => {
    expect(quotedTexts(`Click 'Open Sidepanel', then "Save", ‘Next’ and “Done”.`)).toEqual(['Open Sidepanel', 'Save', 'Next', 'Done'])
  })

  it('does not take apostrophes inside words for quotes', () => {
    expect(quotedTexts("Click the extension's icon; it doesn't matter")).toEqual([])
    expect(quotedTexts("Is the extension's panel showing 'Sidepanel UI'?")).toEqual(['Sidepanel UI'])
  })

  it('keeps apostrophes inside a quoted label', () => {
    expect(quotedTexts("Click 'Don't save' now")).toEqual(["Don't save"])
    expect(quotedTexts('Click ‘Don’t save’.')).toEqual(['Don’t save'])
  })

  it('ignores a quote that is never closed or opens on a space', () => {
    expect(quotedTexts("Click 'Open")).toEqual([])
    expect(quotedTexts("a ' b ' c")).toEqual([])
  })
})

describe('maskQuotes: markers', () => {
  it('hides punctuation inside quotes and puts it back', () => {
    const masked = maskQuotes("Type 'a, b. c' then stop.")
    expect(masked.text).not.toContain(',')
    expect(masked.quotes).toEqual(['a, b. c'])
    expect(unmask(masked.text, masked.quotes)).toBe("Type 'a, b. c' then stop.")
  })

  it('maps a marker back to its quote', () => {
    const masked = maskQuotes("'Save'")
    expect(markedQuote(masked.text, masked.quotes)).toBe('Save')
    expect(markedQuote('Save', masked.quotes)).toBeUndefined()
  })
})
