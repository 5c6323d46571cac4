import { describe, expect, it } from 'vitest'
import { cliHistoryOption, historyLocation, sinceTime } from './history-store-flag.ts'

describe('history store flag', () => {
  it('reads --store as a SQLite file or a postgres:// server, else what a run writes to', () => {
    expect(historyLocation('runs.sqlite', '/w', {}, 'history')).toEqual({ kind: 'sqlite', path: '/w/runs.sqlite' })
    expect(historyLocation('postgres://u@h/db', '/w', {}, 'history')).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' })
    expect(historyLocation(undefined, '/w', {}, 'history')).toEqual({ kind: 'sqlite', path: '/w/.agentprobe/history.sqlite' })
    expect(() => historyLocation('mysql://u:pw@h/db', '/w', {}, 'history')).toThrow(/--store must be a SQLite file or a postgres:\/\/ URL, got "mysql:\/\/…@h\/db"/)
    expect(() => historyLocation(undefined, '/w', { AGENTPROBE_HISTORY: 'off' }, 'compare')).toThrow(/agentprobe compare: AGENTPROBE_HISTORY=off/)
  })

  it("gives run and bench the working folder's file, the server from the environment, or off", () => {
    expect(cliHistoryOption('/w', {})).toEqual({ path: '/w/.agentprobe/history.sqlite' })
    expect(cliHistoryOption('/w', { AGENTPROBE_HISTORY_URL: 'postgres://u:pw@h/db' })).toBeUndefined()
    expect(cliHistoryOption('/w', { AGENTPROBE_HISTORY: 'off' })).toBe(false)
  })

  it('reads spans back from now, and dates', () => {
    const now = Date.UTC(2026, 11, 2)
    expect(sinceTime('30d', 'since', now)).toBe('2026-11-02T00:00:00.000Z')
    expect(sinceTime('12h', 'since', now)).toBe('2026-12-01T12:00:00.000Z')
    expect(sinceTime('2026-11-01', 'since', now)).toBe('2026-11-01T00:00:00.000Z')
    expect(() => sinceTime('90 days', 'keep', now)).toThrow(/--keep must be a span like 30d/)
  })
})
