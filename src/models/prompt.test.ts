import { describe, expect, it } from 'vitest'
import { locateInstructions, NUDGE, outcomeNote, QUERY_INSTRUCTIONS, systemPrompt, taskMessage, VERIFY_INSTRUCTIONS } from './prompt.ts'

describe('prompts', () => {
  it('the system prompt states the TEST_PASSED / TEST_FAILED protocol, and the coordinates when given', () => {
    const p = systemPrompt()
    expect(p).toMatch(/starts with TEST_PASSED/)
    expect(p).toMatch(/starts with TEST_FAILED/)
    expect(systemPrompt('Coordinates are integers from 0 to 999.')).toContain('0 to 999')
  })

  it('the task carries the instruction, the criteria and the step budget', () => {
    const t = taskMessage({ instruction: 'Open it.', criteria: { success: ['a', 'b'], failure: ['c'] }, maxSteps: 7 })
    expect(t).toBe('Instruction: Open it.\nSuccess looks like: a; b\nFailure looks like: c\nYou have at most 7 steps. The current screenshot is attached.')
  })

  it('nudges name both markers', () => {
    for (const n of Object.values(NUDGE)) expect(n).toMatch(/TEST_PASSED.*TEST_FAILED/)
  })

  it('notes only the failures the model can act on', () => {
    expect(outcomeNote(undefined)).toBeUndefined()
    expect(outcomeNote({ step: 1, actions: [], failures: [{ type: 'no_progress', message: 'x' }] })).toBeUndefined()
    expect(outcomeNote({ step: 1, actions: [], failures: [{ type: 'out_of_bounds', message: 'click at (9999, 1) is outside' }] })).toContain('click at (9999, 1) is outside')
  })

  it('the verifier is asked for JSON and to answer NO when in doubt', () => {
    expect(VERIFY_INSTRUCTIONS).toMatch(/JSON/)
    expect(VERIFY_INSTRUCTIONS).toMatch(/when in doubt, answer NO/)
  })

  it('query and locate ask for JSON, and for null / found: false rather than a guess', () => {
    expect(QUERY_INSTRUCTIONS).toMatch(/\{"value": null, "evidence": "what is missing"\}/)
    const locate = locateInstructions('Coordinates are integers from 0 to 999.')
    expect(locate).toContain('0 to 999')
    expect(locate).toMatch(/"found": false when the screenshot does not show the element/)
  })
})
