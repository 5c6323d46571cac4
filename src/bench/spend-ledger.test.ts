import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { Decision, Model, Turn } from '../core/model.ts'
import type { Frame } from '../core/frame.ts'
import { SpendCappedModel, SpendLedger } from './spend-ledger.ts'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})
async function ledgerFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-ledger-'))
  dirs.push(dir)
  return join(dir, 'spend.jsonl')
}

function pricedModel(usdPerCall: number) {
  const calls = { next: 0, verify: 0 }
  const model: Model = {
    id: 'openai/x',
    next: async (): Promise<Decision> => (calls.next++, { status: 'continue', actions: [], usage: { costUsd: usdPerCall } }),
    verify: async () => (calls.verify++, { answer: 'YES', evidence: 'seen', usage: { costUsd: usdPerCall } }),
    query: async () => ({ value: {}, text: '{}', usage: { costUsd: usdPerCall } }),
    locate: async () => ({ point: { x: 1, y: 1 }, usage: { costUsd: usdPerCall } }),
  }
  return { model, calls }
}

const turn = {} as Turn
const frame = {} as Frame

it('sums what every writer appended, across ledgers on the same file (as across worker processes)', async () => {
  const file = await ledgerFile()
  const a = new SpendLedger(file, 1)
  const b = new SpendLedger(file, 1)
  expect(await a.spentUsd()).toBe(0)
  await a.add({ model: 'm', kind: 'act', usd: 0.25 })
  await b.add({ model: 'n', kind: 'verify', usd: 0.5 })
  expect(await b.spentUsd()).toBe(0.75)
  expect(await a.reached()).toBe(false)
  await a.add({ model: 'm', kind: 'act', usd: 0.25 })
  expect(await b.reached()).toBe(true)
})

it('stops calling the provider once the cap is reached, and counts the refusals', async () => {
  const file = await ledgerFile()
  const { model, calls } = pricedModel(0.4)
  const capped = new SpendCappedModel(model, new SpendLedger(file, 1))
  await capped.next(turn)
  await capped.verify('q', frame)
  await capped.next(turn) // 0.8 spent before this call: still under the cap
  await expect(capped.next(turn)).rejects.toThrow(/not run: spend cap reached \(\$1 across all models\); no call was made/)
  await expect(capped.verify('q', frame)).rejects.toThrow(/spend cap/)
  expect(calls).toEqual({ next: 2, verify: 1 })
  expect(capped.refused).toBe(2)
  // Another worker's model sees the same total and makes no call either.
  const other = pricedModel(0.4)
  await expect(new SpendCappedModel(other.model, new SpendLedger(file, 1)).next(turn)).rejects.toThrow(/spend cap/)
  expect(other.calls.next).toBe(0)
})
