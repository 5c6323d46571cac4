import { describe, expect, it } from 'vitest'
import { parseVerdict } from './verdict.ts'

describe('parseVerdict: anything but a clear verdict throws', () => {
  it.each([
    ['{"answer":"YES","evidence":"the panel shows Sidepanel UI"}', 'YES'],
    ['{"answer": "NO", "evidence": "an error page"}', 'NO'],
    ['```json\n{"answer":"NO","evidence":"e"}\n```', 'NO'],
  ])('%j → %s', (text, answer) => {
    expect(parseVerdict(text, 'm').answer).toBe(answer)
  })

  it.each([
    [''],
    [null],
    ['YES'],
    ['Yes, it is open.'],
    ['{"answer":"yes","evidence":"e"}'],
    ['{"answer":"MAYBE","evidence":"e"}'],
    ['{"answer":"YES"}'],
    ['{"answer":"YES","evidence":"e","confidence":0.2}'],
    ['Sure: {"answer":"YES","evidence":"e"}'],
  ])('%j throws a ModelError naming the model', (text) => {
    expect(() => parseVerdict(text, 'openai/gpt-5.4 verifier')).toThrow(/^openai\/gpt-5\.4 verifier: the verifier/)
  })
})
