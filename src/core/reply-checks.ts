// Detectors for what a model replies (DESIGN §5), as pure rules every adapter applies the same
// way: a verdict is read strictly, a reply with nothing to do gets one nudge and then a named
// failure, an action outside the set is unknown_action, a request too big is context_overflow.
import { ACTION_TYPES } from './action.ts'
import type { Size } from './frame.ts'
import type { Failure } from './failures.ts'

export const PASS_MARKER = 'TEST_PASSED'
export const FAIL_MARKER = 'TEST_FAILED'

export interface VerdictText {
  status: 'passed' | 'failed'
  /** The message without its marker. */
  reason: string
}

const MARKER = /(?<![A-Za-z0-9_])TEST_(PASSED|FAILED)(?![A-Za-z0-9_])/g
/** A marker with the punctuation that follows it ('TEST_FAILED: …', 'TEST_FAILED — …'). */
const MARKER_WITH_PUNCTUATION = new RegExp(`${MARKER.source}\\s*[:.\\-–—]?`, 'g')

/** Exactly one kind of marker, as a whole word: both kinds, neither, or a lookalike ('TEST_PASS') read as no verdict. */
export function parseVerdictText(text: string | undefined): VerdictText | undefined {
  if (!text) return undefined
  const kinds = new Set([...text.matchAll(MARKER)].map((m) => m[1]))
  if (kinds.size !== 1) return undefined
  const status = kinds.has('PASSED') ? 'passed' : 'failed'
  const reason = text.replace(MARKER_WITH_PUNCTUATION, ' ').replace(/\s+/g, ' ').trim()
  return { status, reason }
}

/** What an adapter does with a reply that carries no actions. */
export type ReplyJudgement =
  | { kind: 'act' }
  | { kind: 'verdict'; verdict: VerdictText }
  /** Ask once more, saying what was wrong. */
  | { kind: 'nudge'; problem: 'no_verdict' | 'empty' }
  | { kind: 'failure'; failure: Failure }

/**
 * A reply with actions is acted on; a message with a verdict ends the run; anything else gets
 * one nudge (`strikes` counts the nudges already given in a row), then malformed_action (there was
 * text, but no verdict) or empty_response (there was nothing).
 */
export function judgeReply(reply: { actions: number; text?: string }, strikes: number, step?: number): ReplyJudgement {
  if (reply.actions > 0) return { kind: 'act' }
  const verdict = parseVerdictText(reply.text)
  if (verdict) return { kind: 'verdict', verdict }
  const text = reply.text?.trim() ?? ''
  const problem = text === '' ? 'empty' : 'no_verdict'
  if (strikes < 1) return { kind: 'nudge', problem }
  if (problem === 'empty') {
    return { kind: 'failure', failure: { type: 'empty_response', step, message: 'the model returned nothing usable (no action, no message), even after a nudge' } }
  }
  const quoted = text.length > 120 ? `${text.slice(0, 119)}…` : text
  return {
    kind: 'failure',
    failure: { type: 'malformed_action', step, message: `the model replied without an action or ${PASS_MARKER}/${FAIL_MARKER}, even after a nudge: "${quoted}"` },
  }
}

/** An action type outside the supported set (DESIGN §5 unknown_action). */
export function detectUnknownAction(type: unknown, step?: number): Failure | undefined {
  if (typeof type === 'string' && (ACTION_TYPES as readonly string[]).includes(type)) return undefined
  return { type: 'unknown_action', step, message: `unsupported action ${JSON.stringify(type)}; supported: ${ACTION_TYPES.join(', ')}` }
}

/** A reply that cannot be parsed into actions (bad JSON, a missing coordinate…). */
export function malformedAction(detail: string, step?: number): Failure {
  return { type: 'malformed_action', step, message: `cannot parse the model's action: ${detail}` }
}

/** The request would exceed the model's configured context; `limit` undefined means no limit is configured. */
export function detectContextOverflow(estimatedTokens: number, limit: number | undefined, step?: number): Failure | undefined {
  if (limit === undefined || estimatedTokens <= limit) return undefined
  return { type: 'context_overflow', step, message: `the request needs about ${Math.round(estimatedTokens)} tokens, over the model's configured limit of ${limit}` }
}

/** Rough tokens of a text (4 characters a token), for the context check before a request. */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

/** Tokens of an image at high detail, by OpenAI's published tiling rule (512-px tiles after fitting 2048 and a 768 shortest side). */
export function estimateImageTokens(size: Size): number {
  const fit = Math.min(1, 2048 / Math.max(size.width, size.height))
  let width = size.width * fit
  let height = size.height * fit
  const shortest = Math.min(width, height)
  if (shortest > 768) {
    width = (width * 768) / shortest
    height = (height * 768) / shortest
  }
  return 85 + 170 * Math.ceil(width / 512) * Math.ceil(height / 512)
}

/**
 * A malformed action gets the same one chance as a reply without a verdict: with no strike yet it
 * is only forgiven (the adapter tells the model and notes it), and in the next reply in a row it
 * stays a (fatal) malformed_action.
 */
export function forgiveMalformedOnce(failures: readonly Failure[], strikes: number): { failures: Failure[]; forgiven: Failure[] } {
  const malformed = failures.filter((f) => f.type === 'malformed_action')
  if (malformed.length === 0 || strikes >= 1) return { failures: [...failures], forgiven: [] }
  return { failures: failures.filter((f) => f.type !== 'malformed_action'), forgiven: malformed }
}
