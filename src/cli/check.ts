// One line of `agentprobe doctor`: what was checked, what was found, and the command that fixes it.

export type CheckStatus = 'ok' | 'fail' | 'warn' | 'skip'

export interface Check {
  name: string
  status: CheckStatus
  detail: string
  /** The command (or edit) that fixes a failed or warned check. */
  fix?: string
}

const MARK: Record<CheckStatus, string> = { ok: '✓', fail: '✗', warn: '!', skip: '-' }

export function formatCheck(check: Check, width: number): string {
  const fix = check.fix && check.status !== 'ok' ? `  → fix: ${check.fix}` : ''
  return `${MARK[check.status]} ${check.name.padEnd(width)}  ${check.detail}${fix}`
}

/** A check that throws becomes a failed line instead of ending the doctor. */
export async function guarded(name: string, fix: string, run: () => Promise<Check>): Promise<Check> {
  try {
    return await run()
  } catch (error) {
    // One line per check: a multi-line tool error is folded.
    return { name, status: 'fail', detail: (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim(), fix }
  }
}
