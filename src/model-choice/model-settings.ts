// Provider settings a user may give (plugin option modelOptions): plain data that travels to the
// workers with the model choice. Never a key: keys are read from the environment where the model
// is built (the worker or the CLI).
import type { Size } from '../core/frame.ts'
import type { RetryPolicy } from '../core/retry-policy.ts'
import { ANTHROPIC_TOOLS } from '../models/anthropic/computer-tool.ts'
import type { PriceTable } from '../models/prices.ts'

/** The tool names each adapter family takes, so a tool given to the wrong provider fails naming both. */
export const TOOLS_BY_PROVIDER = {
  responses: ['computer', 'computer_use_preview'],
  anthropic: ANTHROPIC_TOOLS,
  gemini: ['computerUse', 'functions'],
} as const
export type ToolName = (typeof TOOLS_BY_PROVIDER)[keyof typeof TOOLS_BY_PROVIDER][number]

export interface ModelSettings {
  /** The largest image sent to the model (default 1280×800). */
  canvas?: Size
  /** A coordinate family overriding the one the model name implies (chat models): pixels, gemini, qwen3-vl, glm, qwen2.5-vl, ui-tars. */
  coordinates?: string
  /**
   * The computer tool to declare (default by model name), one of its provider's: Responses API
   * 'computer' | 'computer_use_preview'; Anthropic 'computer_toolset_20260801' | 'computer_20251124' |
   * 'computer_20250124'; native Gemini 'computerUse' | 'functions'.
   */
  tool?: ToolName
  /** Responses API: false keeps nothing at the provider; every item is re-sent (default true). */
  store?: boolean
  /** Responses API and native Gemini: 'acknowledge' pending safety checks (default, noted in the trace) or 'fail' the run. */
  safetyChecks?: 'acknowledge' | 'fail'
  reasoningEffort?: 'low' | 'medium' | 'high'
  /** One request's timeout, ms (default 120 s); a timed-out request is retried like a 5xx. */
  requestTimeoutMs?: number
  retry?: Partial<RetryPolicy>
  /** USD per 1M tokens, by model name, over the bundled price table. */
  prices?: PriceTable
  /** The model's context in tokens: a bigger request fails as context_overflow. */
  contextTokens?: number
  /** Another model for the cold verification. */
  verifyModel?: string
  /** Chat models: false when the server has no response_format json_schema. */
  structuredOutput?: boolean
  /** Chat models: screenshots kept as images in the conversation (default 2). */
  keepImages?: number
}
