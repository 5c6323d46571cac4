// The error agent.query, agent.waitFor and screen.locate({ description }) throw: the verb, what
// was asked, why it failed (the model's own error kept as the cause), and where the frame is.
import { AgentprobeError, isAgentprobeError } from '../core/errors.ts'
import type { TraceRead } from '../core/trace.ts'

const CALL = { query: 'agent.query', waitFor: 'agent.waitFor', locate: 'screen.locate' } as const

export class ReadError extends AgentprobeError {
  readonly read: TraceRead

  constructor(read: TraceRead, paths: { frame?: string; trace?: string }, cause?: unknown) {
    const lines = [`${CALL[read.verb]}(${JSON.stringify(read.ask)}) failed: ${read.error ?? 'no reason given'}`]
    if (paths.frame) lines.push(`  ${read.verb === 'waitFor' ? 'last frame' : 'frame'}: ${paths.frame}`)
    if (paths.trace) lines.push(`  trace: ${paths.trace}`)
    // A model's or a replay's failure keeps its code; a state that never came is the test failing.
    const code = isAgentprobeError(cause) ? cause.code : 'AGENTPROBE_TEST_FAILED'
    super(code, lines.join('\n'), { cause, context: { frame: paths.frame, durationMs: read.ms } })
    this.read = read
  }
}
