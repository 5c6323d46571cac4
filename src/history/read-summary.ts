// What a report shows of the history: the summary of the last 30 days and, for the tests that
// turned red, their last green and first red runs in full for a compare page. Read at a run's end
// after recording it, and by `agentprobe report`, which never creates a store by reading.
import { existsSync } from 'node:fs'
import { errorMessage } from '../core/errors.ts'
import { summarizeHistory, type HistorySummary, type RunPair } from '../core/history-stats.ts'
import type { HistoryStore } from './history-store.ts'
import { locationName, openHistoryStore, type HistoryLocation } from './open-store.ts'

export const HISTORY_DAYS = 30
/** Compare pages a report gets at most: the tests that turned red most recently. */
export const REPORT_PAIRS = 10

export interface ReportHistory {
  summary: HistorySummary
  pairs: RunPair[]
}

/** The start of the History view's window: 30 days back from now. */
export const historySince = (now = Date.now()): string => new Date(now - HISTORY_DAYS * 86_400_000).toISOString()

export async function reportHistory(store: HistoryStore, since = historySince()): Promise<ReportHistory> {
  const summary = summarizeHistory(await store.runs({ since }))
  const turned = summary.tests
    .filter((t) => t.greenToRed)
    .sort((a, b) => (b.lastFailure?.startedAt ?? '').localeCompare(a.lastFailure?.startedAt ?? ''))
    .slice(0, REPORT_PAIRS)
  const pairs: RunPair[] = []
  for (const t of turned) {
    const [green, red] = await Promise.all([store.run(t.greenToRed!.green), store.run(t.greenToRed!.red)])
    if (green && red) pairs.push({ key: t.key, green, red })
  }
  return { summary, pairs }
}

export async function readReportHistory(location: HistoryLocation, log: (line: string) => void): Promise<ReportHistory | undefined> {
  // A project that never recorded a run has no file, and gets none made by reading.
  if (location.kind === 'sqlite' && !existsSync(location.path)) return undefined
  try {
    const store = await openHistoryStore(location)
    try {
      return await reportHistory(store)
    } finally {
      await store.close()
    }
  } catch (error) {
    log(`agentprobe history: not read from ${locationName(location)} (${errorMessage(error).split('\n')[0]})`)
    return undefined
  }
}
