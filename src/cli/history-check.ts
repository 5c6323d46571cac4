// doctor's line for the run history: where runs are recorded, and whether that store opens. A
// store that does not is a warning, as it is for a run: history never fails the tests.
import { existsSync } from 'node:fs'
import { errorMessage } from '../core/errors.ts'
import { resolveHistory } from '../config/resolve-options.ts'
import { locationName, openHistoryStore } from '../history/open-store.ts'
import { historySince } from '../history/read-summary.ts'
import type { Check } from './check.ts'
import type { Env } from './main.ts'

export async function checkHistory(cwd: string, env: Env): Promise<Check> {
  const location = resolveHistory(undefined, cwd, env, 'the environment')
  if (!location) return { name: 'history', status: 'skip', detail: 'off (AGENTPROBE_HISTORY=off): runs are not recorded' }
  const name = locationName(location)
  if (location.kind === 'sqlite' && !existsSync(location.path)) return { name: 'history', status: 'ok', detail: `${name}: no runs yet (the first test run makes it)` }
  try {
    const store = await openHistoryStore(location)
    try {
      const runs = (await store.runs({ since: historySince() })).length
      return { name: 'history', status: 'ok', detail: `${name}: schema ${await store.version()}, ${runs} run${runs === 1 ? '' : 's'} in the last 30 days` }
    } finally {
      await store.close()
    }
  } catch (error) {
    const fix = location.kind === 'postgres' ? 'check AGENTPROBE_HISTORY_URL and PGPASSWORD, and that the server accepts connections' : `check that ${name} can be written, or move it with the history option`
    return { name: 'history', status: 'warn', detail: `${name} does not open: ${errorMessage(error).split('\n')[0]}`, fix }
  }
}
