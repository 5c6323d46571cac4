// Keeps the last lines a process wrote, for error messages, while draining its pipe so it never
// blocks. A browser's stderr on a machine without a session bus is mostly dbus complaints; those
// are dropped so that the lines that explain a failure (e.g. "Missing X server") stay visible.
const NOISE = /:ERROR:dbus\/|^\s*$/

export class OutputTail {
  readonly #max: number
  #lines: string[] = []
  #partial = ''

  constructor(maxLines = 15) {
    this.#max = maxLines
  }

  push(chunk: string): void {
    const lines = (this.#partial + chunk).split('\n')
    this.#partial = lines.pop() ?? ''
    this.#lines.push(...lines.filter((line) => !NOISE.test(line)))
    this.#lines.splice(0, Math.max(0, this.#lines.length - this.#max))
  }

  text(): string {
    const partial = NOISE.test(this.#partial) ? [] : [this.#partial]
    return [...this.#lines, ...partial].slice(-this.#max).join('\n')
  }
}
