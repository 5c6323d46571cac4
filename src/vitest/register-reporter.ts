// The plugin adds its reporter once per run, after the reporters the user chose (or Vitest's
// defaults when none were): their output stays as it was, with agentprobe's lines and report added.
import type { Vitest } from 'vitest/node'
import { AgentprobeReporter } from './reporter.ts'

export function registerReporter(vitest: Vitest, artifactsDir: string, stepSummary: string | undefined): void {
  const reporters = vitest.config.reporters as unknown[]
  const existing = reporters.find((r): r is AgentprobeReporter => r instanceof AgentprobeReporter)
  if (existing) existing.addArtifactsDir(artifactsDir)
  else reporters.push(new AgentprobeReporter({ artifactsDirs: [artifactsDir], stepSummary }))
}
