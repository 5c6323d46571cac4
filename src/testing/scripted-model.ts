// A Model that replays a script of decisions and verdicts: loop and report tests need no live model.
import type { Frame } from '../core/frame.ts'
import type { Decision, Model, Turn, Verdict } from '../core/model.ts'

export type ScriptedDecision = Decision | ((turn: Turn) => Decision | Promise<Decision>)
export type ScriptedVerdict = Verdict | Error | ((question: string, frame: Frame) => Verdict | Promise<Verdict>)

export class ScriptedModel implements Model {
  readonly id: string
  readonly turns: Turn[] = []
  readonly questions: string[] = []
  readonly #decisions: ScriptedDecision[]
  readonly #verdicts: ScriptedVerdict[]

  constructor(decisions: ScriptedDecision[], verdicts: ScriptedVerdict[] = [], id = 'scripted') {
    this.#decisions = [...decisions]
    this.#verdicts = [...verdicts]
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
    const next = this.#verdicts.shift()
    if (!next) throw new Error(`ScriptedModel: no verdict scripted for "${question}"`)
    if (next instanceof Error) throw next
    return typeof next === 'function' ? next(question, frame) : next
  }
}
