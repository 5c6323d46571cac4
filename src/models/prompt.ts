// The words every adapter sends: the system prompt (the TEST_PASSED / TEST_FAILED protocol), the
// task with its criteria, the nudge, notes on a rejected action, and the cold calls' instructions
// and messages (verify, query, locate; each message starts with a marker: Question:, Read:, Find:).
import { FAIL_MARKER, PASS_MARKER } from '../core/reply-checks.ts'
import type { StepOutcome, Turn } from '../core/model.ts'

/** The system prompt; `coordinates` is the family's sentence (chat models), absent for the computer tool. */
export function systemPrompt(coordinates?: string): string {
  return [
    'You are a careful software tester. You operate a real computer through its screen: you see screenshots and act with the mouse and keyboard.',
    'Carry out the instruction you are given, one step at a time, looking at each new screenshot before the next step.',
    ...(coordinates ? [coordinates] : []),
    `When the instruction is carried out and the screen shows that it worked, reply with a message that starts with ${PASS_MARKER}, followed by one sentence on what you see.`,
    `If it cannot be done, or the screen shows an error or something the instruction calls a failure, reply with a message that starts with ${FAIL_MARKER}, followed by the reason.`,
    `Use exactly one of ${PASS_MARKER} or ${FAIL_MARKER}, and only when you are done. Never ask questions: nobody will answer. Never claim what the screen does not show.`,
  ].join('\n')
}

/** The user's first message: the instruction, its criteria and the step budget. */
export function taskMessage(turn: Pick<Turn, 'instruction' | 'criteria' | 'maxSteps'>): string {
  const lines = [`Instruction: ${turn.instruction}`]
  if (turn.criteria?.success?.length) lines.push(`Success looks like: ${turn.criteria.success.join('; ')}`)
  if (turn.criteria?.failure?.length) lines.push(`Failure looks like: ${turn.criteria.failure.join('; ')}`)
  lines.push(`You have at most ${turn.maxSteps} steps. The current screenshot is attached.`)
  return lines.join('\n')
}

export const NUDGE: Record<'no_verdict' | 'empty', string> = {
  no_verdict: `Your last reply had no action and neither ${PASS_MARKER} nor ${FAIL_MARKER}. Act on the screen, or end with a message that starts with ${PASS_MARKER} or ${FAIL_MARKER}. The current screenshot is attached.`,
  empty: `Your last reply was empty. Act on the screen, or end with a message that starts with ${PASS_MARKER} or ${FAIL_MARKER}. The current screenshot is attached.`,
}

/** What went wrong with the model's last actions (unknown, out of bounds), so it can adapt; undefined when nothing did. */
export function outcomeNote(last: StepOutcome | undefined): string | undefined {
  const problems = (last?.failures ?? []).filter((f) => f.type === 'unknown_action' || f.type === 'out_of_bounds' || f.type === 'action_error' || f.type === 'malformed_action')
  if (problems.length === 0) return undefined
  return `Some of your last actions were not performed as asked: ${problems.map((f) => f.message).join('; ')}.`
}

export const VERIFY_INSTRUCTIONS = [
  'You check one screenshot of a computer screen and answer one yes/no question about it.',
  'Judge only what the screenshot shows. Answer YES only when it clearly shows that the answer is yes; when in doubt, answer NO.',
  'Reply with JSON only: {"answer": "YES" or "NO", "evidence": "what on the screenshot supports the answer"}.',
].join('\n')

/** The user's message of a verification: the question, after a marker the reply readers and the double know. */
export function verifyMessage(question: string): string {
  return `Question: ${question}`
}

export const QUERY_INSTRUCTIONS = [
  'You read one screenshot of a computer screen and answer one question about it with data.',
  'Read only what the screenshot shows, exactly as it shows it; never guess or fill in a value the screenshot does not show.',
  'Reply with JSON only: {"value": the answer, fitting the JSON schema you are given, "evidence": "where on the screenshot you read it"}.',
  'When the screenshot does not show the answer, reply {"value": null, "evidence": "what is missing"}.',
].join('\n')

/** The user's message of a query: the question and the JSON schema its value must fit. */
export function queryMessage(question: string, schema: object): string {
  return `Read: ${question}\nJSON schema of "value": ${JSON.stringify(schema)}`
}

/** The locate instructions; `coordinates` is the family's sentence for the image sent. */
export function locateInstructions(coordinates: string): string {
  return [
    'You find one element on one screenshot of a computer screen, from its description.',
    coordinates,
    'Reply with JSON only: {"found": true or false, "x": number, "y": number, "box": {"left": number, "top": number, "right": number, "bottom": number} or null, "evidence": "what you found and where, or why it is not there"}.',
    'x and y are the centre of the element, where a click on it would land; box is its extent, when you can tell.',
    'Answer "found": false when the screenshot does not show the element described; never guess.',
  ].join('\n')
}

/** The user's message of a locate: the description. */
export function locateMessage(description: string): string {
  return `Find: ${description}`
}
