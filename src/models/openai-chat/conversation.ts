// One agent.do run with a chat model: the system prompt, the task, and per step the model's reply,
// one tool result per call, and the next screenshot. Only the latest screenshots stay as images, so
// a long run does not grow past the model's context.
import type { ChatCompletionContentPart, ChatCompletionMessage, ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { Turn } from '../../core/model.ts'
import { NUDGE, outcomeNote, taskMessage } from '../prompt.ts'

export interface ChatConversation {
  messages: ChatCompletionMessageParam[]
  /** Nudges given in a row. */
  strikes: number
  nudge?: 'no_verdict' | 'empty'
  /** Prompt + completion tokens of the last reply. */
  contextTokens: number
}

export function newConversation(system: string): ChatConversation {
  return { messages: [{ role: 'system', content: system }], strikes: 0, contextTokens: 0 }
}

/** Adds what the model sees next: the task (first turn), a nudge, or the screenshot after its actions. */
export function addTurn(c: ChatConversation, turn: Turn, imageUrl: string, keepImages: number): void {
  const first = c.messages.length === 1
  const text = first ? taskMessage(turn) : c.nudge ? NUDGE[c.nudge] : ['The screenshot after your actions is attached.', outcomeNote(turn.history.at(-1))].filter(Boolean).join(' ')
  c.messages.push({ role: 'user', content: [{ type: 'text', text }, { type: 'image_url', image_url: { url: imageUrl, detail: 'high' } }] })
  pruneImages(c.messages, keepImages)
}

/** Records the model's reply and answers each of its tool calls (the API wants one answer per call). */
export function addReply(c: ChatConversation, message: ChatCompletionMessage, results: ReadonlyMap<string, string>): void {
  const calls = message.tool_calls ?? []
  c.messages.push({ role: 'assistant', content: message.content ?? null, ...(calls.length > 0 && { tool_calls: calls }) })
  for (const call of calls) c.messages.push({ role: 'tool', tool_call_id: call.id, content: results.get(call.id) ?? 'ok' })
}

const OMITTED: ChatCompletionContentPart = { type: 'text', text: '(an earlier screenshot, omitted)' }

function pruneImages(messages: ChatCompletionMessageParam[], keep: number): void {
  let seen = 0
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role !== 'user' || typeof m.content === 'string') continue
    if (!m.content.some((p) => p.type === 'image_url')) continue
    if (++seen > keep) m.content = m.content.map((p) => (p.type === 'image_url' ? OMITTED : p))
  }
}
