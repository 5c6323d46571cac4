// A Messages API reply (GA Message or BetaMessage, read alike) → its text, its computer tool_uses
// in one shape (the GA member name, or the beta tool's `action`), and usage with cache reads apart.
import type { Usage } from '../../core/model.ts'
import type { ToolUse } from './computer-actions.ts'

/** The part of a Message (or BetaMessage) this adapter reads. */
export interface MessageLike {
  content: readonly { type: string; text?: string; thinking?: string; id?: string; name?: string; input?: unknown }[]
  stop_reason?: string | null
  usage: { input_tokens: number; output_tokens: number; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null }
}

export interface ReadMessage {
  text: string
  reasoning?: string
  uses: ToolUse[]
  /** Input counts cache reads and writes too (the API bills them apart from input_tokens); cachedTokens are the reads. */
  usage: Omit<Usage, 'costUsd'>
}

export function readMessage(message: MessageLike): ReadMessage {
  const text = message.content.flatMap((b) => (b.type === 'text' && b.text ? [b.text] : [])).join('\n').trim()
  const thinking = message.content.flatMap((b) => (b.type === 'thinking' && b.thinking ? [b.thinking] : [])).join('\n').trim()
  const uses = message.content.filter((b) => b.type === 'tool_use').map(toolUse)
  const u = message.usage
  const cached = u.cache_read_input_tokens ?? 0
  return {
    text,
    ...(thinking && { reasoning: thinking }),
    uses,
    usage: { inputTokens: u.input_tokens + cached + (u.cache_creation_input_tokens ?? 0), cachedTokens: cached, outputTokens: u.output_tokens },
  }
}

/** The beta tool is one tool named `computer` with the action in `input.action`; a GA member is named by the action itself. */
function toolUse(block: MessageLike['content'][number]): ToolUse {
  const input = typeof block.input === 'object' && block.input !== null ? (block.input as Record<string, unknown>) : {}
  if (block.name === 'computer' && 'action' in input) {
    const { action, ...rest } = input
    return { id: String(block.id), action, input: rest }
  }
  return { id: String(block.id), action: block.name, input }
}
