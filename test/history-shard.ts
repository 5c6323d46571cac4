// One CI shard writing to a history store, for the concurrency tests of both engines: loads the
// store, says ready, and on "go" opens it (fresh: the shards race to create and migrate it) and
// adds its runs one transaction at a time. The store's address comes in the environment
// (HISTORY_PATH or HISTORY_URL), so a failed shard's command line does not show a password.
import { openHistoryStore, type HistoryLocation } from '../src/history/open-store.ts'
import { historyRun, historyStep } from '../src/testing/history-runs.ts'

const [shard = 'a', count = '1'] = process.argv.slice(2)
const location: HistoryLocation = process.env.HISTORY_URL ? { kind: 'postgres', url: process.env.HISTORY_URL } : { kind: 'sqlite', path: process.env.HISTORY_PATH! }
const run = (i: number) =>
  historyRun(`${shard}-${i}`, new Date(Date.UTC(2026, 2, 1, 0, 0, i)).toISOString(), { test: `shard test ${i}`, shard, stepList: [historyStep(), historyStep({ index: 2 })] })
console.log('ready')
await new Promise((go) => process.stdin.once('data', go))
const started = Date.now()
const store = await openHistoryStore(location)
for (let i = 0; i < Number(count); i++) await store.add([run(i)])
console.log(JSON.stringify({ name: store.name, started, ended: Date.now() }))
await store.close()
