// Work a passed test leaves behind (its annotated frames and GIF: about a CPU-second of libvips),
// done while the next test runs instead of before it starts. One task at a time, in order; the
// file waits for the rest when it ends, and a task that failed fails it there, by name.
import { errorMessage } from '../core/errors.ts'

export class AfterTest {
  #chain: Promise<void> = Promise.resolve()
  readonly #failures: string[] = []

  /** Queues `task`, named for the error it may end in; it starts once the tasks before it are done. */
  add(name: string, task: () => Promise<unknown>): void {
    this.#chain = this.#chain.then(() =>
      task().then(
        () => undefined,
        (error: unknown) => void this.#failures.push(`${name}: ${errorMessage(error)}`),
      ),
    )
  }

  /** Waits for every queued task; throws naming each one that failed. */
  async drain(): Promise<void> {
    await this.#chain
    if (this.#failures.length > 0) throw new Error(`agentprobe: after the test, ${this.#failures.splice(0).join('; ')}`)
  }
}
