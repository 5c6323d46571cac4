// What a Responses API reply says, read once: the computer calls (GA `actions` batch or preview
// `action`), the assistant's text, the reasoning summaries, and the usage.
import type { Response } from 'openai/resources/responses/responses'
import type { Usage } from '../../core/model.ts'

export interface SafetyCheck {
  id: string
  code?: string | null
  message?: string | null
}

export interface ComputerCall {
  callId: string
  /** The GA batch, or the preview's single action; undefined when the call carries neither. */
  actions?: unknown[]
  safetyChecks: SafetyCheck[]
}

export interface ReadReply {
  calls: ComputerCall[]
  /** The assistant messages' text (refusals included), joined. */
  text: string
  reasoning?: string
  usage: Omit<Usage, 'costUsd'>
}

export function readResponse(response: Pick<Response, 'output' | 'usage'>): ReadReply {
  const calls: ComputerCall[] = []
  const texts: string[] = []
  const summaries: string[] = []
  for (const item of response.output ?? []) {
    switch (item.type) {
      case 'computer_call':
        calls.push({
          callId: item.call_id,
          actions: item.actions ?? (item.action ? [item.action] : undefined),
          safetyChecks: item.pending_safety_checks ?? [],
        })
        break
      case 'message':
        for (const part of item.content) texts.push(part.type === 'output_text' ? part.text : `(refusal) ${part.refusal}`)
        break
      case 'reasoning':
        for (const s of item.summary ?? []) summaries.push(s.text)
        break
      default:
        break
    }
  }
  const u = response.usage
  return {
    calls,
    text: texts.join('\n').trim(),
    ...(summaries.length > 0 && { reasoning: summaries.join('\n') }),
    usage: { inputTokens: u?.input_tokens ?? 0, cachedTokens: u?.input_tokens_details?.cached_tokens ?? 0, outputTokens: u?.output_tokens ?? 0 },
  }
}
