// The plugin adds its reporter once per run, after the reporters the user chose (or Vitest's
// defaults when none were): their output stays as it was, with agentprobe's lines and report
// added, and each run recorded in the history.
import type { Vitest } from 'vitest/node'
import type { HistoryLocation } from '../history/open-store.ts'
import { AgentprobeReporter } from './reporter.ts'

export function registerReporter(vitest: Vitest, artifactsDir: string, o: { stepSummary?: string; history?: HistoryLocation; report: boolean }): void {
  const reporters = vitest.config.reporters as unknown[]
  const existing = reporters.find((r): r is AgentprobeReporter => r instanceof AgentprobeReporter)
  if (existing) existing.addArtifactsDir(artifactsDir)
  else reporters.push(new AgentprobeReporter({ artifactsDirs: [artifactsDir], ...o }))
}
