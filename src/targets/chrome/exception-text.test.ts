import { describe, expect, it } from 'vitest'
import { exceptionText } from './exception-text.ts'

describe('exceptionText', () => {
  it('uses the Error description, stack included', () => {
    // As Chromium reports `throw new TypeError("bad")`.
    const details = { text: 'Uncaught', exception: { description: 'TypeError: bad\n    at <anonymous>:1:7' } }
    expect(exceptionText(details)).toBe('TypeError: bad\n    at <anonymous>:1:7')
  })

  it('shows a thrown non-Error value', () => {
    expect(exceptionText({ text: 'Uncaught (in promise)', exception: { value: 'nope' } })).toBe('Uncaught (in promise) "nope"')
  })

  it('falls back to the text', () => {
    expect(exceptionText({ text: 'Uncaught SyntaxError: Unexpected token' })).toBe('Uncaught SyntaxError: Unexpected token')
  })
})
