import { describe, expect, it } from 'vitest'
import { inputTextArgument, planText, shellQuote } from './input-text.ts'

describe('planText', () => {
  it('keeps plain text in one chunk', () => {
    expect(planText('hello world')).toEqual([{ kind: 'text', text: 'hello world' }])
  })

  it('splits a literal %s so the device does not read it as a space', () => {
    expect(planText('50%sale')).toEqual([
      { kind: 'text', text: '50%' },
      { kind: 'text', text: 'sale' },
    ])
    expect(planText('100% sure')).toEqual([{ kind: 'text', text: '100% sure' }])
  })

  it('sends newlines (any line ending) and tabs as key events', () => {
    expect(planText('a\r\nb\tc\n')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'key', code: 66 },
      { kind: 'text', text: 'b' },
      { kind: 'key', code: 61 },
      { kind: 'text', text: 'c' },
      { kind: 'key', code: 66 },
    ])
  })

  it('chunks long text', () => {
    const steps = planText('x'.repeat(450), 200)
    expect(steps.map((s) => (s.kind === 'text' ? s.text.length : 0))).toEqual([200, 200, 50])
  })

  it('refuses non-ASCII and control characters, naming each once', () => {
    expect(() => planText('café ☕ café')).toThrow(/cannot type "é" \(U\+00E9\), "☕" \(U\+2615\)\./)
    expect(() => planText('a\u0007b')).toThrow(/cannot type U\+0007/)
    expect(() => planText('😀')).toThrow(/U\+1F600/)
  })
})

describe('shell quoting', () => {
  it('leaves safe words bare and single-quotes the rest', () => {
    expect(shellQuote('demo')).toBe('demo')
    expect(shellQuote('a b')).toBe(`'a b'`)
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`)
    expect(shellQuote('$HOME;rm -rf /&')).toBe(`'$HOME;rm -rf /&'`)
  })

  it('encodes spaces as %s inside the quoted argument', () => {
    expect(inputTextArgument(`"a b" & c`)).toBe(`'"a%sb"%s&%sc'`)
  })
})
