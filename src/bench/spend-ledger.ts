// The hard spending cap of a benchmark run, shared by every worker process and model: an
// append-only file with one line per model call and its cost. A wrapped model checks the total
// before each call and refuses once the cap is reached; the refusal is counted, so the run it cut
// short is reported as not run rather than scored as a failure. Calls already in flight in other
// workers can overshoot the cap by at most one call each.
import { appendFile, readFile } from 'node:fs/promises'
import { ModelError } from '../core/errors.ts'
import type { Decision, JsonObjectSchema, LocateReply, Model, QueryReply, Turn, Verdict } from '../core/model.ts'
import type { Frame } from '../core/frame.ts'

export interface LedgerEntry {
  model: string
  kind: 'act' | 'verify' | 'query' | 'locate'
  usd: number
}

export class SpendLedger {
  readonly file: string
  readonly capUsd: number

  constructor(file: string, capUsd: number) {
    this.file = file
    this.capUsd = capUsd
  }

  async entries(): Promise<LedgerEntry[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return ''
      throw error
    })
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LedgerEntry)
  }

  async spentUsd(): Promise<number> {
    return (await this.entries()).reduce((total, e) => total + e.usd, 0)
  }

  async reached(): Promise<boolean> {
    return (await this.spentUsd()) >= this.capUsd
  }

  async add(entry: LedgerEntry): Promise<void> {
    // One short line per write: appends of this size do not interleave between processes.
    await appendFile(this.file, `${JSON.stringify(entry)}\n`)
  }
}

export const SPEND_CAP_REASON = 'not run: spend cap reached'

/** A model that stops calling its provider once the ledger reaches the cap. */
export class SpendCappedModel implements Model {
  readonly id: string
  /** Calls refused because the cap was reached. */
  refused = 0
  readonly #inner: Model
  readonly #ledger: SpendLedger

  constructor(inner: Model, ledger: SpendLedger) {
    this.id = inner.id
    this.#inner = inner
    this.#ledger = ledger
  }

  async next(turn: Turn): Promise<Decision> {
    await this.#check()
    const decision = await this.#inner.next(turn)
    await this.#ledger.add({ model: this.id, kind: 'act', usd: decision.usage?.costUsd ?? 0 })
    return decision
  }

  async verify(question: string, frame: Frame, options?: { signal?: AbortSignal }): Promise<Verdict> {
    await this.#check()
    const verdict = await this.#inner.verify(question, frame, options)
    await this.#ledger.add({ model: this.id, kind: 'verify', usd: verdict.usage?.costUsd ?? 0 })
    return verdict
  }

  async query(question: string, schema: JsonObjectSchema, frame: Frame, options?: { signal?: AbortSignal }): Promise<QueryReply> {
    await this.#check()
    const reply = await this.#inner.query(question, schema, frame, options)
    await this.#ledger.add({ model: this.id, kind: 'query', usd: reply.usage?.costUsd ?? 0 })
    return reply
  }

  async locate(description: string, frame: Frame, options?: { signal?: AbortSignal }): Promise<LocateReply> {
    await this.#check()
    const reply = await this.#inner.locate(description, frame, options)
    await this.#ledger.add({ model: this.id, kind: 'locate', usd: reply.usage?.costUsd ?? 0 })
    return reply
  }

  async #check(): Promise<void> {
    if (!(await this.#ledger.reached())) return
    this.refused++
    throw new ModelError(`${SPEND_CAP_REASON} ($${this.#ledger.capUsd} across all models); no call was made`)
  }
}
