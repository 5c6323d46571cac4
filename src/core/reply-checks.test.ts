import { describe, expect, it } from 'vitest'
import {
  detectContextOverflow,
  detectUnknownAction,
  estimateImageTokens,
  estimateTextTokens,
  judgeReply,
  forgiveMalformedOnce,
  malformedAction,
  parseVerdictText,
} from './reply-checks.ts'

describe('parseVerdictText (strict)', () => {
  it.each([
    ['TEST_PASSED', 'passed', ''],
    ['TEST_PASSED: the side panel shows the UI.', 'passed', 'the side panel shows the UI.'],
    ["I looked twice. TEST_FAILED — no 'Save' button", 'failed', "I looked twice. no 'Save' button"],
    ['TEST_FAILED\nthe popup shows an error', 'failed', 'the popup shows an error'],
    ['TEST_PASSED TEST_PASSED', 'passed', ''],
  ])('%j → %s', (text, status, reason) => {
    expect(parseVerdictText(text)).toEqual({ status, reason })
  })

  it.each([
    [undefined],
    [''],
    ['The panel is open.'],
    ['TEST_PASS'],
    ['TEST_PASSEDX'],
    ['MY_TEST_PASSED'],
    ['test_passed'],
    ['TEST_PASSED or TEST_FAILED? I cannot tell.'],
  ])('%j → no verdict', (text) => {
    expect(parseVerdictText(text)).toBeUndefined()
  })
})

describe('judgeReply: one nudge, then a named failure', () => {
  it('acts on a reply with actions, even when it also carries text', () => {
    expect(judgeReply({ actions: 2, text: 'TEST_PASSED' }, 1)).toEqual({ kind: 'act' })
  })

  it('reads a verdict', () => {
    expect(judgeReply({ actions: 0, text: 'TEST_FAILED: nope' }, 0)).toEqual({ kind: 'verdict', verdict: { status: 'failed', reason: 'nope' } })
  })

  it('nudges a message without a verdict once, then fails it as malformed_action with the text', () => {
    expect(judgeReply({ actions: 0, text: 'Looks good to me!' }, 0)).toEqual({ kind: 'nudge', problem: 'no_verdict' })
    const second = judgeReply({ actions: 0, text: 'Looks good to me!' }, 1, 4)
    expect(second).toMatchObject({ kind: 'failure', failure: { type: 'malformed_action', step: 4 } })
    expect(second.kind === 'failure' && second.failure.message).toContain('Looks good to me!')
  })

  it('nudges an empty reply once, then fails it as empty_response', () => {
    expect(judgeReply({ actions: 0, text: '   ' }, 0)).toEqual({ kind: 'nudge', problem: 'empty' })
    expect(judgeReply({ actions: 0 }, 1)).toMatchObject({ kind: 'failure', failure: { type: 'empty_response' } })
  })

  it('shortens a long text in the message', () => {
    const j = judgeReply({ actions: 0, text: 'x'.repeat(500) }, 1)
    expect(j.kind === 'failure' && j.failure.message.length).toBeLessThan(250)
  })
})

describe('detectUnknownAction', () => {
  it('accepts every supported type', () => {
    for (const t of ['click', 'double_click', 'move', 'drag', 'type', 'keypress', 'scroll', 'wait']) expect(detectUnknownAction(t)).toBeUndefined()
  })

  it.each([['teleport'], ['CLICK'], [undefined], [42]])('rejects %j and lists the supported set', (t) => {
    const f = detectUnknownAction(t, 3)
    expect(f).toMatchObject({ type: 'unknown_action', step: 3 })
    expect(f?.message).toContain('double_click')
  })
})

describe('malformedAction', () => {
  it('names what could not be parsed', () => {
    expect(malformedAction('click without x', 2)).toEqual({ type: 'malformed_action', step: 2, message: "cannot parse the model's action: click without x" })
  })
})

describe('detectContextOverflow', () => {
  it('is silent without a limit or under it, and names both numbers over it', () => {
    expect(detectContextOverflow(10_000, undefined)).toBeUndefined()
    expect(detectContextOverflow(8192, 8192)).toBeUndefined()
    const f = detectContextOverflow(9000.4, 8192, 5)
    expect(f).toMatchObject({ type: 'context_overflow', step: 5 })
    expect(f?.message).toMatch(/9000 tokens.*8192/)
  })
})

describe('token estimates', () => {
  it('counts a text at four characters a token', () => {
    expect(estimateTextTokens('')).toBe(0)
    expect(estimateTextTokens('abcde')).toBe(2)
  })

  it("follows OpenAI's tiling rule for images", () => {
    expect(estimateImageTokens({ width: 512, height: 512 })).toBe(85 + 170)
    // 1280×720 → shortest side 720 ≤ 768: 3×2 tiles
    expect(estimateImageTokens({ width: 1280, height: 720 })).toBe(85 + 170 * 6)
    // 1920×1080 → 1365×768: 3×2 tiles
    expect(estimateImageTokens({ width: 1920, height: 1080 })).toBe(85 + 170 * 6)
    // 4096×4096 → 2048 → 768×768: 2×2
    expect(estimateImageTokens({ width: 4096, height: 4096 })).toBe(85 + 170 * 4)
  })
})

describe('forgiveMalformedOnce', () => {
  const bad = malformedAction('click: x Required', 2)
  const unknown = detectUnknownAction('teleport', 2)!

  it('forgives malformed actions with no strike yet, keeping the other failures', () => {
    expect(forgiveMalformedOnce([bad, unknown], 0)).toEqual({ failures: [unknown], forgiven: [bad] })
  })

  it('keeps them on the second strike in a row', () => {
    expect(forgiveMalformedOnce([bad], 1)).toEqual({ failures: [bad], forgiven: [] })
  })

  it('changes nothing without a malformed action', () => {
    expect(forgiveMalformedOnce([unknown], 0)).toEqual({ failures: [unknown], forgiven: [] })
  })
})
