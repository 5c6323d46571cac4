// What a test hands the agentprobe reporter across the worker boundary: where its trace and GIF
// are (task meta, kept in blob reports for --merge-reports) and its live progress lines (artifacts).
import type { TestArtifactBase } from 'vitest'

export interface AgentprobeTestMeta {
  /** trace.json, relative to the project root. */
  trace: string
  /** run.gif, relative to the project root: set for a failed test (a passed test's is built after its result is sent). */
  gif?: string
}

export interface ProgressArtifact extends TestArtifactBase {
  type: 'agentprobe:progress'
  line: string
}

/** A line said once for the run, not per test (e.g. which model's recording replays). */
export interface NoticeArtifact extends TestArtifactBase {
  type: 'agentprobe:notice'
  line: string
}

declare module 'vitest' {
  interface TaskMeta {
    agentprobe?: AgentprobeTestMeta
  }
  interface TestArtifactRegistry {
    'agentprobe:progress': ProgressArtifact
    'agentprobe:notice': NoticeArtifact
  }
}
