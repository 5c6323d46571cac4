// One error family with stable codes, so failures stay recognisable across worker boundaries
// (a brand, not only `instanceof`) and carry the facts a person needs to debug.

export type ErrorCode =
  | 'AGENTPROBE_CONFIG'
  | 'AGENTPROBE_CASE_INVALID'
  | 'AGENTPROBE_TARGET'
  | 'AGENTPROBE_TARGET_CRASHED'
  | 'AGENTPROBE_ACTION_FAILED'
  | 'AGENTPROBE_MODEL'
  | 'AGENTPROBE_TIMEOUT'
  | 'AGENTPROBE_TEST_FAILED'
  | 'AGENTPROBE_REPLAY_DRIFT'

export interface ErrorContext {
  step?: number
  action?: unknown
  frame?: string
  model?: string
  durationMs?: number
  [key: string]: unknown
}

const BRAND = Symbol.for('agentprobe.error')

export class AgentprobeError extends Error {
  readonly [BRAND] = true
  readonly code: ErrorCode
  readonly context: ErrorContext
  /** The message without the context lines. */
  readonly shortMessage: string

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; context?: ErrorContext } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.code = code
    this.context = options.context ?? {}
    this.shortMessage = message
  }
}

export function isAgentprobeError(value: unknown): value is AgentprobeError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
}

/** A bad option, flag, environment variable or file: the message names which. */
export class ConfigError extends AgentprobeError {
  constructor(message: string, options: { cause?: unknown; context?: ErrorContext } = {}) {
    super('AGENTPROBE_CONFIG', message, options)
  }
}

/** The display, browser or device could not be started, reached or driven. */
export class TargetError extends AgentprobeError {
  constructor(message: string, options: { cause?: unknown; context?: ErrorContext; code?: ErrorCode } = {}) {
    super(options.code ?? 'AGENTPROBE_TARGET', message, options)
  }
}

/** The model provider failed or answered with something unusable. */
export class ModelError extends AgentprobeError {
  constructor(message: string, options: { cause?: unknown; context?: ErrorContext } = {}) {
    super('AGENTPROBE_MODEL', message, options)
  }
}

export class TimeoutError extends AgentprobeError {
  constructor(message: string, options: { cause?: unknown; context?: ErrorContext } = {}) {
    super('AGENTPROBE_TIMEOUT', message, options)
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
