// Registers agentprobe's matchers (src/session/matchers.ts) with Vitest's expect, and types them.
import { expect } from 'vitest'
import { agentprobeMatchers, type AgentprobeMatchers } from '../session/matchers.ts'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends AgentprobeMatchers {}
}

expect.extend(agentprobeMatchers)
