// Each adapter keeps one conversation per agent.do run (Turn.runId); a run that ended is dropped,
// and one abandoned mid-way (a thrown error) is dropped once enough newer runs started.
export class RunStore<T> {
  readonly #runs = new Map<string, T>()
  readonly #max: number

  constructor(max = 8) {
    this.#max = max
  }

  /** The run's conversation, started with `create` the first time. */
  get(runId: string, create: () => T): T {
    let run = this.#runs.get(runId)
    if (run === undefined) {
      run = create()
      this.#runs.set(runId, run)
      while (this.#runs.size > this.#max) this.#runs.delete(this.#runs.keys().next().value!)
    }
    return run
  }

  end(runId: string): void {
    this.#runs.delete(runId)
  }

  get size(): number {
    return this.#runs.size
  }
}
