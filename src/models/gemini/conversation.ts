// One agent.do run's side of a Gemini conversation: the whole history (the API keeps none), and
// what to send next — the task, one function response per call with the new screenshot, or a nudge.
import type { Content, Part } from '@google/genai'
import type { Turn } from '../../core/model.ts'
import { NUDGE, outcomeNote, taskMessage } from '../prompt.ts'

/** Screenshots kept in the history: older ones are dropped (their function responses stay), as Google's reference agent does. */
export const KEPT_SCREENSHOTS = 3

/** A function call awaiting its response. */
export interface PendingCall {
  name: string
  id?: string
  /** Its safety decision asked for confirmation, and it was confirmed. */
  acknowledged: boolean
  /** Why it was not performed, when it was not. */
  error?: string
}

export interface Conversation {
  contents: Content[]
  pending: PendingCall[]
  nudge?: 'no_verdict' | 'empty'
  strikes: number
  told?: string
  /** Prompt + output tokens of the last reply: the conversation's size so far. */
  contextTokens: number
}

export function newConversation(): Conversation {
  return { contents: [], pending: [], strikes: 0, contextTokens: 0 }
}

/** The next user content, answering whatever the model last asked for; `png` is the base64 screenshot. */
export function nextContent(c: Conversation, turn: Turn, png: string): Content {
  const image: Part = { inlineData: { mimeType: 'image/png', data: png } }
  if (c.contents.length === 0) return { role: 'user', parts: [{ text: taskMessage(turn) }, image] }
  if (c.nudge || c.pending.length === 0) return { role: 'user', parts: [{ text: c.nudge ? NUDGE[c.nudge] : (c.told ?? NUDGE.no_verdict) }, image] }
  const responses: Part[] = c.pending.map((call, i) => ({
    functionResponse: {
      name: call.name,
      ...(call.id && { id: call.id }),
      response: { ...(call.error ? { error: call.error } : { output: 'done' }), ...(call.acknowledged && { safety_acknowledgement: 'true' }) },
      // The screen after all the calls, once, on the last response.
      ...(i === c.pending.length - 1 && { parts: [{ inlineData: { mimeType: 'image/png', data: png } }] }),
    },
  }))
  const note = [outcomeNote(turn.history.at(-1)), c.told].filter(Boolean).join(' ')
  return { role: 'user', parts: note ? [...responses, { text: note }] : responses }
}

/** Drops all but the last `keep` screenshots of the history, in place. */
export function pruneScreenshots(contents: Content[], keep = KEPT_SCREENSHOTS): void {
  let seen = 0
  for (const content of [...contents].reverse()) {
    if (content.role !== 'user') continue
    for (const part of [...(content.parts ?? [])].reverse()) {
      const holder = part.functionResponse ?? part
      const images = part.functionResponse ? (part.functionResponse.parts ?? []).filter((p) => p.inlineData) : part.inlineData ? [part] : []
      if (images.length === 0) continue
      seen++
      if (seen <= keep) continue
      if (part.functionResponse) delete part.functionResponse.parts
      else content.parts = (content.parts ?? []).filter((p) => p !== holder)
    }
  }
}
