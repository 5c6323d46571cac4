// The history seam: where run records are kept. An embedded SQLite file by default, a PostgreSQL
// server for a team; both apply the same migrations and answer the same questions.
import type { HistoryRun } from '../core/history.ts'
import type { HistoryFilter } from '../core/history-stats.ts'

export interface HistoryStore {
  /** The store as messages name it: the file's path, or the server's address without its password. */
  readonly name: string
  /** Adds runs with their steps, all or none. */
  add(runs: readonly HistoryRun[]): Promise<void>
  /**
   * Runs that match, newest first (the test filter is a substring of file › name). A listing reads
   * tens of thousands of steps for a summary: it gives each step's time (stepMs), not the steps.
   */
  runs(filter?: HistoryFilter & { limit?: number }): Promise<HistoryRun[]>
  /** One run, with its steps, by its id or an unambiguous prefix of it. */
  run(idOrPrefix: string): Promise<HistoryRun | undefined>
  /** Deletes the runs started before `before` (ISO), with their steps; answers the runs deleted and their kept GIFs. */
  prune(before: string): Promise<{ runs: number; gifs: string[] }>
  /** The schema version the store is at. */
  version(): Promise<number>
  close(): Promise<void>
}
