// What a generateContent reply says, read once: the model's content (kept whole for the next
// request, thought signatures included), its function calls with any safety decision, its text,
// its thoughts, and the usage (cached tokens apart, thoughts billed as output).
import type { Content, FunctionCall, GenerateContentResponse } from '@google/genai'
import type { Usage } from '../../core/model.ts'

export interface SafetyDecision {
  decision: string
  explanation?: string
}

export interface GeminiCall {
  call: FunctionCall
  /** Set when the call's args carry a safety_decision that asks for confirmation. */
  confirm?: SafetyDecision
}

export interface ReadCandidate {
  content: Content
  calls: GeminiCall[]
  text: string
  reasoning?: string
  usage: Omit<Usage, 'costUsd'>
  /** The candidate's finishReason when it is not STOP (SAFETY, MALFORMED_FUNCTION_CALL…), else undefined. */
  unfinished?: string
}

export function readCandidate(response: Pick<GenerateContentResponse, 'candidates' | 'usageMetadata'>): ReadCandidate {
  const candidate = response.candidates?.[0]
  const content: Content = candidate?.content ?? { role: 'model', parts: [] }
  const calls: GeminiCall[] = []
  const texts: string[] = []
  const thoughts: string[] = []
  for (const part of content.parts ?? []) {
    if (part.functionCall) calls.push({ call: part.functionCall, ...confirmOf(part.functionCall) })
    else if (part.text !== undefined) (part.thought ? thoughts : texts).push(part.text)
  }
  const u = response.usageMetadata
  const finish = candidate?.finishReason
  return {
    content: { role: 'model', parts: content.parts ?? [] },
    calls,
    text: texts.join('\n').trim(),
    ...(thoughts.length > 0 && { reasoning: thoughts.join('\n') }),
    usage: { inputTokens: (u?.promptTokenCount ?? 0) + (u?.toolUsePromptTokenCount ?? 0), cachedTokens: u?.cachedContentTokenCount ?? 0, outputTokens: (u?.candidatesTokenCount ?? 0) + (u?.thoughtsTokenCount ?? 0) },
    ...(finish && finish !== 'STOP' && { unfinished: String(finish) }),
  }
}

/** A safety_decision in the call's args that asks for confirmation (Google: decision 'require_confirmation'). */
function confirmOf(call: FunctionCall): { confirm?: SafetyDecision } {
  const raw = call.args?.safety_decision as { decision?: unknown; explanation?: unknown } | undefined
  if (raw?.decision !== 'require_confirmation') return {}
  return { confirm: { decision: 'require_confirmation', ...(typeof raw.explanation === 'string' && { explanation: raw.explanation }) } }
}
