// The keyless verifier judges only what it can read: every quoted text in the question must be
// on screen for a YES. It says what it checked, where it found it, what it missed, and that the
// rest of the question was not judged. A question it cannot judge throws, never guesses.
import { ModelError } from '../../core/errors.ts'
import type { Frame } from '../../core/frame.ts'
import { ZERO_USAGE, type Verdict } from '../../core/model.ts'
import { unreadableScript } from '../../grounding/readable-script.ts'
import type { StepLocator } from './ground-step.ts'
import { MARK_PATTERN, markerFor, maskQuotes, unmask } from './quotes.ts'

export const CHOOSE_A_MODEL =
  'set AGENTPROBE_MODEL, or OPENAI_API_KEY, AZURE_CUA_API_KEY with AZURE_CUA_BASE_URL, ANTHROPIC_API_KEY, or GEMINI_API_KEY, to use a vision model'

/** The refusal every keyless reader gives for a question it cannot answer by reading text: why, and what to do instead. */
export function cannotJudge(question: string, why: string): ModelError {
  return new ModelError(`the offline model cannot judge "${question}": ${why}, or ${CHOOSE_A_MODEL}.`, { context: { model: 'offline' } })
}

/** Words that turn "shows 'X'" into "does not show 'X'" when they come just before or after it. */
const NEGATION_BEFORE = /\b(?:not|no|never|without|neither|nor|\w+n['’]t)\b(?:\s+\S+){0,3}\s*$/i
const NEGATION_AFTER = /^\s*(?:(?:is|are|was|were)\s+)?(?:not\b|absent|missing|gone|hidden|disappear)/i

export async function verifyQuoted(question: string, frame: Frame, locator: StepLocator): Promise<Verdict> {
  const { text, quotes } = maskQuotes(question)
  const checked = quotes.map((q, i) => ({ q, i })).filter(({ q }) => q.trim() !== '')
  if (checked.length === 0) {
    throw cannotJudge(question, "it only checks quoted text on screen. Quote the text to look for (e.g. Is 'Sidepanel UI' shown?)")
  }
  const unreadable = checked.flatMap(({ q }) => {
    const script = unreadableScript(q)
    return script ? [`'${q}' is in ${script} script`] : []
  })
  if (unreadable.length > 0) throw cannotJudge(question, `its OCR reads Latin script only, and ${unreadable.join(', ')}`)
  const negated = checked.filter(({ i }) => isNegated(text, i))
  if (negated.length > 0) {
    throw cannotJudge(question, `it checks that quoted text IS on screen, and ${negated.map(({ q }) => `'${q}'`).join(', ')} is asked about in the negative. Check absence with a deterministic helper`)
  }
  const found: string[] = []
  const missed: string[] = []
  let seen = ''
  for (const { q } of checked) {
    const result = await locator.locate(frame, { text: q })
    if (result.located) {
      const { x, y, width, height } = result.located.box
      found.push(`'${q}' at (${x}, ${y}, ${width}×${height})`)
    } else {
      const closest = result.nearMisses[0]
      missed.push(`'${q}'${closest ? ` (closest: '${closest.text}')` : ''}`)
      seen = result.seen
    }
  }
  const rest = unmask(text, quotes).trim()
  const evidence = [
    `Checked the quoted text only: ${checked.map(({ q }) => `'${q}'`).join(', ')}.`,
    found.length > 0 ? `Found ${found.join(', ')}.` : '',
    missed.length > 0 ? `Not found: ${missed.join(', ')}; visible text: ${seen}.` : '',
    `The rest of the question ("${rest}") was not judged: the offline model reads text, it does not understand the screen.`,
  ]
  return { answer: missed.length === 0 ? 'YES' : 'NO', evidence: evidence.filter((e) => e !== '').join(' '), usage: ZERO_USAGE }
}

/** Whether the quote behind marker `index` is asked about in the negative. */
function isNegated(masked: string, index: number): boolean {
  const marker = markerFor(index)
  const at = masked.indexOf(marker)
  const before = masked.slice(0, at).replace(new RegExp(MARK_PATTERN, 'g'), 'QUOTE')
  const after = masked.slice(at + marker.length)
  const clauseBefore = before.split(/[,;(]|\band\b|\bor\b/).at(-1) ?? ''
  return NEGATION_BEFORE.test(clauseBefore) || NEGATION_AFTER.test(after)
}
