// Where the history lives, as resolved from the options, and opening it: the engine's module is
// loaded only when that engine is used (the PostgreSQL client never loads for a SQLite file).
import { dirname, join } from 'node:path'
import type { HistoryStore } from './history-store.ts'
import { serverAddress } from './server-address.ts'

export type HistoryLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string }

export async function openHistoryStore(location: HistoryLocation): Promise<HistoryStore> {
  if (location.kind === 'sqlite') return (await import('./sqlite-store.ts')).SqliteHistoryStore.open(location.path)
  return (await import('./postgres-store.ts')).PostgresHistoryStore.open(location.url)
}

/** The store as messages may name it: a PostgreSQL address loses its password. */
export function locationName(location: HistoryLocation): string {
  if (location.kind === 'sqlite') return location.path
  try {
    return serverAddress(location.url).name
  } catch {
    return 'the PostgreSQL server (its address does not parse as a URL)'
  }
}

/** Where failed runs' GIFs are kept: beside the SQLite file, or in the project for a server (whose rows name this machine's copy). */
export function gifDirFor(location: HistoryLocation, root: string): string {
  return location.kind === 'sqlite' ? join(dirname(location.path), 'gifs') : join(root, '.agentprobe', 'gifs')
}
