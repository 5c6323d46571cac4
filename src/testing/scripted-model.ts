// A Model that replays a script of decisions, verdicts, query and locate replies: loop and report tests need no live model.
import type { Frame } from '../core/frame.ts'
import type { Decision, JsonObjectSchema, LocateReply, Model, QueryReply, Turn, Verdict } from '../core/model.ts'

type Scripted<R, A extends unknown[]> = R | Error | ((...args: A) => R | Promise<R>)
export type ScriptedDecision = Decision | ((turn: Turn) => Decision | Promise<Decision>)
export type ScriptedVerdict = Scripted<Verdict, [question: string, frame: Frame]>
export type ScriptedQuery = Scripted<QueryReply, [question: string, schema: JsonObjectSchema, frame: Frame]>
export type ScriptedLocate = Scripted<LocateReply, [description: string, frame: Frame]>

export interface ColdScript {
  queries?: ScriptedQuery[]
  locates?: ScriptedLocate[]
}

export class ScriptedModel implements Model {
  readonly id: string
  readonly turns: Turn[] = []
  readonly questions: string[] = []
  /** Every query and locate asked, in order. */
  readonly asked: { kind: 'query' | 'locate'; text: string }[] = []
  readonly #decisions: ScriptedDecision[]
  readonly #verdicts: ScriptedVerdict[]
  readonly #queries: ScriptedQuery[]
  readonly #locates: ScriptedLocate[]

  constructor(decisions: ScriptedDecision[], verdicts: ScriptedVerdict[] = [], id = 'scripted', cold: ColdScript = {}) {
    this.#decisions = [...decisions]
    this.#verdicts = [...verdicts]
    this.#queries = [...(cold.queries ?? [])]
    this.#locates = [...(cold.locates ?? [])]
    this.id = id
  }

  async next(turn: Turn): Promise<Decision> {
    this.turns.push(turn)
    const next = this.#decisions.length > 1 ? this.#decisions.shift()! : this.#decisions[0]
    if (!next) throw new Error('ScriptedModel: no decisions scripted')
    return typeof next === 'function' ? next(turn) : next
  }

  async verify(question: string, frame: Frame): Promise<Verdict> {
    this.questions.push(question)
    return play(this.#verdicts.shift(), `verdict for "${question}"`, question, frame)
  }

  async query(question: string, schema: JsonObjectSchema, frame: Frame): Promise<QueryReply> {
    this.asked.push({ kind: 'query', text: question })
    return play(this.#queries.shift(), `query reply for "${question}"`, question, schema, frame)
  }

  async locate(description: string, frame: Frame): Promise<LocateReply> {
    this.asked.push({ kind: 'locate', text: description })
    return play(this.#locates.shift(), `locate reply for "${description}"`, description, frame)
  }
}

async function play<R, A extends unknown[]>(next: Scripted<R, A> | undefined, what: string, ...args: A): Promise<R> {
  if (next === undefined) throw new Error(`ScriptedModel: no ${what} scripted`)
  if (next instanceof Error) throw next
  return typeof next === 'function' ? (next as (...a: A) => R | Promise<R>)(...args) : next
}
