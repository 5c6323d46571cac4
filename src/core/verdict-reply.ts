// The cold verifier's reply read the way the seed reads it ("if the response doesn't start with
// YES, the test fails"): a JSON verdict (alone, in a ```json fence or inside prose), or a reply whose
// first word is YES or NO. Anything else — empty, hedged, both answers — is no verdict, and says why.
import { jsonObjects, proseAround } from './json-in-text.ts'

export type VerdictAnswer = 'YES' | 'NO'

export type VerdictReading =
  | { ok: true; answer: VerdictAnswer; evidence: string; shape: 'json' | 'first-word' }
  | { ok: false; problem: string }

/** Words right after the answer that take it back ("YES, probably."). */
const HEDGE = /^(?:maybe|perhaps|possibly|probably|partly|partially|sort of|kind of|not sure|unsure|unclear|hard to say|it depends|i(?:'m| am) not sure)\b/i
/** Decoration a model puts before its first word: markdown emphasis, quotes, a heading, a label. */
const LEAD = /^(?:[\s*_#>"'`]|(?:answer|verdict)\s*:)+/i
const ANSWER_WORD = /^(yes|no)(?![\p{L}\p{N}_])/iu

/** The verdict in a verifier's reply, or the problem that makes it none. */
export function readVerdictReply(text: string | null | undefined): VerdictReading {
  const reply = (text ?? '').trim()
  if (reply === '') return { ok: false, problem: 'the reply is empty' }
  const objects = jsonObjects(reply)
  const verdicts = objects.filter((o) => 'answer' in o.value)
  if (verdicts.length > 0) return fromJson(verdicts.map((o) => o.value), proseAround(reply, objects))
  if (objects.length > 0 && objects[0]!.start === 0 && objects[0]!.end === reply.length) {
    return { ok: false, problem: 'the JSON has no "answer" field' }
  }
  return fromFirstWord(reply)
}

function fromJson(values: readonly Record<string, unknown>[], prose: string): VerdictReading {
  const answers = new Set<VerdictAnswer>()
  for (const value of values) {
    const answer = typeof value.answer === 'string' ? value.answer.trim().toUpperCase() : value.answer
    if (answer !== 'YES' && answer !== 'NO') return { ok: false, problem: `the JSON answer ${JSON.stringify(value.answer)} is neither YES nor NO` }
    if (value.evidence !== undefined && typeof value.evidence !== 'string') return { ok: false, problem: 'the JSON evidence is not a string' }
    answers.add(answer)
  }
  const said = leadingAnswer(prose)
  if (said) answers.add(said)
  if (answers.size > 1) return { ok: false, problem: 'it gives both answers' }
  const evidence = values.map((v) => (typeof v.evidence === 'string' ? v.evidence.trim() : '')).filter(Boolean).join(' ')
  return { ok: true, answer: [...answers][0]!, evidence, shape: 'json' }
}

function fromFirstWord(reply: string): VerdictReading {
  const body = reply.replace(LEAD, '')
  const word = ANSWER_WORD.exec(body)
  if (!word) return { ok: false, problem: 'it is neither a JSON verdict nor a reply that starts with YES or NO' }
  const answer = word[1]!.toUpperCase() as VerdictAnswer
  const after = body.slice(word[0].length)
  if (/^[\s*_]*\?/.test(after)) return { ok: false, problem: `its ${answer} is a question` }
  const rest = after.replace(/^[\s*_.,:;!(—–-]+/, '')
  const next = /^(?:(?:and|or|but|and\/or)\s+|\/\s*)?(yes|no)(?![\p{L}\p{N}_])/iu.exec(rest)
  if (next && next[1]!.toUpperCase() !== answer) return { ok: false, problem: 'it gives both answers' }
  if (HEDGE.test(rest)) return { ok: false, problem: `its ${answer} is hedged` }
  return { ok: true, answer, evidence: rest.trim(), shape: 'first-word' }
}

/** YES or NO when the text's first word is one (for prose around a JSON verdict). */
function leadingAnswer(text: string): VerdictAnswer | undefined {
  const word = ANSWER_WORD.exec(text.replace(LEAD, ''))
  return word ? (word[1]!.toUpperCase() as VerdictAnswer) : undefined
}
