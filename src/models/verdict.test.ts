import { describe, expect, it } from 'vitest'
import { parseVerdict } from './verdict.ts'

describe('parseVerdict: every adapter reads the reply the same way', () => {
  it('reads a JSON verdict and a first-word verdict', () => {
    expect(parseVerdict('{"answer":"NO","evidence":"an error page"}', 'm')).toEqual({ answer: 'NO', evidence: 'an error page' })
    expect(parseVerdict('YES. A blue "My Notes" side panel fills the right side.', 'm')).toEqual({ answer: 'YES', evidence: 'A blue "My Notes" side panel fills the right side.' })
  })

  it('throws a ModelError naming the model, the problem and what came back', () => {
    expect(() => parseVerdict('YES, probably.', 'openai/computer-use-preview verifier')).toThrow(
      'openai/computer-use-preview verifier: the verifier\'s reply is no verdict (its YES is hedged): "YES, probably."',
    )
    expect(() => parseVerdict('', 'm')).toThrow("m: the verifier's reply is no verdict (the reply is empty): (empty reply)")
    expect(() => parseVerdict(`It might be ${'so '.repeat(100)}`, 'm')).toThrow(/: "It might be (so ){60,}s?…"$/)
  })
})
