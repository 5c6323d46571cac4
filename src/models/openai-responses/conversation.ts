// One agent.do run's side of a Responses conversation: what to send next (the task, the
// screenshot answering the last computer calls, or a nudge), chained by previous_response_id, or
// re-sent in full when `store` is false.
import type { ResponseInputItem } from 'openai/resources/responses/responses'
import type { Turn } from '../../core/model.ts'
import { NUDGE, outcomeNote, taskMessage } from '../prompt.ts'
import type { ComputerCall } from './read-response.ts'

export interface Conversation {
  started: boolean
  previousResponseId?: string
  /** With store: false, every item so far, re-sent with each request. */
  items: ResponseInputItem[]
  /** Computer calls awaiting a screenshot. */
  pending: ComputerCall[]
  /** Why the next input is a nudge, if it is. */
  nudge?: 'no_verdict' | 'empty'
  /** Nudges and forgiven malformed actions in a row. */
  strikes: number
  /** What to tell the model with the next screenshot (a forgiven malformed action). */
  told?: string
  /** Input + output tokens of the last response: the conversation's size so far. */
  contextTokens: number
}

export function newConversation(): Conversation {
  return { started: false, items: [], pending: [], strikes: 0, contextTokens: 0 }
}

/** The new items of the next request, answering whatever the model last asked for. */
export function nextInput(c: Conversation, turn: Turn, imageUrl: string): ResponseInputItem[] {
  const image = { type: 'input_image', image_url: imageUrl, detail: 'high' } as const
  if (!c.started) return [{ role: 'user', content: [{ type: 'input_text', text: taskMessage(turn) }, image] }]
  if (c.nudge) return [{ role: 'user', content: [{ type: 'input_text', text: NUDGE[c.nudge] }, image] }]
  const outputs: ResponseInputItem[] = c.pending.map((call) => ({
    type: 'computer_call_output',
    call_id: call.callId,
    output: { type: 'computer_screenshot', image_url: imageUrl },
    ...(call.safetyChecks.length > 0 && { acknowledged_safety_checks: call.safetyChecks }),
  }))
  const note = [outcomeNote(turn.history.at(-1)), c.told].filter(Boolean).join(' ')
  return note ? [...outputs, { role: 'user', content: [{ type: 'input_text', text: note }] }] : outputs
}
