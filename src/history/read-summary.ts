// The History view's summary for a report rebuilt without a run (`agentprobe report`): the
// stored runs of the last 30 days, or nothing (after one line naming the store) when it fails.
import { existsSync } from 'node:fs'
import { errorMessage } from '../core/errors.ts'
import { summarizeHistory, type HistorySummary } from '../core/history-stats.ts'
import { locationName, openHistoryStore, type HistoryLocation } from './open-store.ts'

export const HISTORY_DAYS = 30

/** The start of the History view's window: 30 days back from now. */
export const historySince = (now = Date.now()): string => new Date(now - HISTORY_DAYS * 86_400_000).toISOString()

export async function readHistorySummary(location: HistoryLocation, log: (line: string) => void): Promise<HistorySummary | undefined> {
  // A project that never recorded a run has no file, and gets none made by reading.
  if (location.kind === 'sqlite' && !existsSync(location.path)) return undefined
  try {
    const store = await openHistoryStore(location)
    try {
      return summarizeHistory(await store.runs({ since: historySince() }))
    } finally {
      await store.close()
    }
  } catch (error) {
    log(`agentprobe history: not read from ${locationName(location)} (${errorMessage(error).split('\n')[0]})`)
    return undefined
  }
}
