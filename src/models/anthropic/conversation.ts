// One agent.do run's side of a Messages conversation: the messages so far (the API keeps nothing,
// every request re-sends them), and the next user message — the task, a nudge, or one tool_result
// per tool_use of the last reply (the API rejects a tool_use left unanswered), the new screenshot
// on the last of them, a zoom's crop and the pointer where asked.
import type { Point } from '../../core/action.ts'
import type { Box } from '../../core/geometry.ts'
import type { Turn } from '../../core/model.ts'
import type { CanvasImage } from '../canvas-image.ts'
import { NUDGE, outcomeNote, taskMessage } from '../prompt.ts'
import type { Answer } from './computer-actions.ts'

/** A content block as sent: plain JSON, the same for the GA and the beta API. */
export type Block = Record<string, unknown>
export interface MessageParam {
  role: 'user' | 'assistant'
  content: Block[]
}

export interface Conversation {
  started: boolean
  messages: MessageParam[]
  /** The last reply's tool_uses, each with what it is answered with. */
  pending: Answer[]
  /** Points of a left button held down (left_mouse_down) and not yet released. */
  held?: Point[]
  nudge?: 'no_verdict' | 'empty'
  strikes: number
  /** What to tell the model with the next screenshot (a forgiven malformed action). */
  told?: string
  /** Input + output tokens of the last reply: the conversation's size so far. */
  contextTokens: number
}

export function newConversation(): Conversation {
  return { started: false, messages: [], pending: [], strikes: 0, contextTokens: 0 }
}

/** Encodes what the answers need from the live frame. */
export interface AnswerImages {
  screenshot: CanvasImage
  crop(box: Box): Promise<CanvasImage>
  /** Toolset tool_results name their family; the beta tool's do not. */
  toolset?: string
}

/** The next user message's content. */
export async function nextUserContent(c: Conversation, turn: Turn, images: AnswerImages): Promise<Block[]> {
  const image = imageBlock(images.screenshot)
  if (!c.started) return [{ type: 'text', text: taskMessage(turn) }, image]
  if (c.nudge) return [{ type: 'text', text: NUDGE[c.nudge] }, image]
  const lastShot = c.pending.map((a) => a.kind).lastIndexOf('screenshot')
  const results: Block[] = []
  for (const [i, answer] of c.pending.entries()) {
    results.push({ type: 'tool_result', tool_use_id: answer.id, ...(images.toolset && { toolset_name: images.toolset }), ...(await resultOf(answer, i === lastShot, image, images)) })
  }
  // No action asked for a screenshot (a zoom or a cursor_position alone): the screen is still shown, after the results.
  const shown = lastShot >= 0 ? [] : [image]
  const note = [outcomeNote(turn.history.at(-1)), c.told].filter(Boolean).join(' ')
  return [...results, ...shown, ...(note ? [{ type: 'text', text: note }] : [])]
}

async function resultOf(answer: Answer, withScreenshot: boolean, image: Block, images: AnswerImages): Promise<Block> {
  switch (answer.kind) {
    case 'screenshot':
      return { content: [{ type: 'text', text: 'Done.' }, ...(withScreenshot ? [image] : [])] }
    case 'zoom':
      return { content: [imageBlock(await images.crop(answer.box))] }
    case 'cursor':
      return answer.at ? { content: [{ type: 'text', text: `X=${answer.at.x},Y=${answer.at.y}` }] } : { content: [{ type: 'text', text: 'No action has placed the pointer yet: its position is unknown.' }], is_error: true }
    case 'error':
      return { content: [{ type: 'text', text: `Not performed: ${answer.message}` }], is_error: true }
    default:
      return answer satisfies never
  }
}

export function imageBlock(image: CanvasImage): Block {
  return { type: 'image', source: { type: 'base64', media_type: 'image/png', data: image.dataUrl.slice(image.dataUrl.indexOf(',') + 1) } }
}

/** The messages to send: the conversation with a cache breakpoint on its last block, so each request reads the one before from the cache. */
export function withCacheBreakpoint(messages: readonly MessageParam[]): MessageParam[] {
  const last = messages.at(-1)
  if (!last || last.content.length === 0) return [...messages]
  const content = [...last.content]
  content[content.length - 1] = { ...content.at(-1), cache_control: { type: 'ephemeral' } }
  return [...messages.slice(0, -1), { ...last, content }]
}
