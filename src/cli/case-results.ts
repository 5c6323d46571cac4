// After a case ran: its result.json (the seed's shape) and the lines the CLI prints about it.
import { access, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { summarizeFailures } from '../core/failures.ts'
import { ZERO_USAGE } from '../core/model.ts'
import type { CaseResult } from '../session/run-case.ts'
import type { CaseRun } from '../vitest/run-cases.ts'

/** The worker's result, or one built from what Vitest reported when the case never got to play. */
export function resultOf(run: CaseRun): CaseResult {
  if (run.result) return run.result
  // Without a result the case never played: it failed, whether or not Vitest said why.
  const error = run.errors[0]
  return {
    status: 'failed',
    steps: 0,
    verdict: null,
    reason: error?.message ?? 'the case did not run',
    failures: error?.code === 'AGENTPROBE_TARGET_CRASHED' ? [{ type: 'target_crashed', message: error.message }] : [],
    usage: { ...ZERO_USAGE },
    gif: null,
  }
}

/** Writes result.json once everything (the GIF too) is on disk. */
export async function writeResult(run: CaseRun): Promise<CaseResult> {
  const dir = run.spec.outputDir
  const gif = await access(join(dir, 'run.gif')).then(() => 'run.gif', () => null)
  const result = { ...resultOf(run), gif }
  await writeFile(join(dir, 'result.json'), `${JSON.stringify(result, null, 2)}\n`)
  return result
}

export function describeResult(name: string, run: CaseRun): string[] {
  const r = resultOf(run)
  const failures = summarizeFailures(r.failures)
  const lines = [`${r.status === 'passed' ? '✓' : '✗'} ${name}: ${r.status} in ${r.steps} step(s)${r.verdict ? `, verification ${r.verdict}` : ''}${failures ? ` [${failures}]` : ''}`]
  if (r.status !== 'passed') lines.push(...r.reason.split('\n').map((line) => `  ${line}`))
  lines.push(`  artifacts: ${run.spec.outputDir}`)
  return lines
}

/** A configuration problem (a bad manifest, an unknown model) is exit 2, not a failing test. */
export function configErrors(runs: readonly CaseRun[]): string[] {
  return [...new Set(runs.flatMap((run) => run.errors.filter((e) => e.code === 'AGENTPROBE_CONFIG').map((e) => e.message)))]
}

