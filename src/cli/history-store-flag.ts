// Which history the history commands read: --store FILE|URL, else what a run writes to
// (AGENTPROBE_HISTORY_URL, else .agentprobe/history.sqlite under the working folder).
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { ConfigError, errorMessage } from '../core/errors.ts'
import { resolveHistory } from '../config/resolve-options.ts'
import type { HistoryStore } from '../history/history-store.ts'
import { locationName, openHistoryStore, type HistoryLocation } from '../history/open-store.ts'
import { isPostgresUrl, withoutUserInfo } from '../history/server-address.ts'
import type { Env } from './main.ts'

export function historyLocation(store: string | undefined, cwd: string, env: Env, command: string): HistoryLocation {
  if (store !== undefined) {
    if (isPostgresUrl(store)) return { kind: 'postgres', url: store }
    if (/^[a-z]+:\/\//i.test(store)) throw new ConfigError(`agentprobe ${command}: --store must be a SQLite file or a postgres:// URL, got "${withoutUserInfo(store)}"`)
    return { kind: 'sqlite', path: isAbsolute(store) ? store : resolve(cwd, store) }
  }
  const location = resolveHistory(undefined, cwd, env, `agentprobe ${command}`)
  if (!location) throw new ConfigError(`agentprobe ${command}: AGENTPROBE_HISTORY=off turns the history off; unset it or name a store with --store`)
  return location
}

/**
 * Opens the store a history command reads, or undefined when its SQLite file is not there yet:
 * reading never makes a file (a --store naming a missing one is refused, it is likely a typo).
 * A store that does not open is named in the error.
 */
export async function openToRead(location: HistoryLocation, named: boolean, command: string): Promise<HistoryStore | undefined> {
  if (location.kind === 'sqlite' && !existsSync(location.path)) {
    if (named) throw new ConfigError(`agentprobe ${command}: --store ${location.path} does not exist`)
    return undefined
  }
  try {
    return await openHistoryStore(location)
  } catch (error) {
    throw new Error(`agentprobe ${command}: cannot open the history in ${locationName(location)} (${errorMessage(error).split('\n')[0]})`)
  }
}

/** The history option `agentprobe run` and `bench` give the plugin: the working folder's file (their Vitest root is a temporary folder). */
export function cliHistoryOption(cwd: string, env: Env): { path: string } | false | undefined {
  if (env.AGENTPROBE_HISTORY === 'off') return false
  const location = resolveHistory(undefined, cwd, env, 'the environment')
  return location?.kind === 'sqlite' ? { path: location.path } : undefined
}

/** `30d`, `12h`, `2w` back from now, or a date: the ISO time it names. */
export function sinceTime(value: string, flag: string, now = Date.now()): string {
  const span = /^(\d+)([hdw])$/.exec(value)
  if (span) return new Date(now - Number(span[1]) * { h: 3_600_000, d: 86_400_000, w: 604_800_000 }[span[2] as 'h' | 'd' | 'w']).toISOString()
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new ConfigError(`--${flag} must be a span like 30d, 12h or 2w, or a date like 2026-11-01, got "${value}"`)
  return date.toISOString()
}
