// One xdotool process per display, fed commands on stdin (`xdotool -` runs each line as it
// arrives): an action costs a write instead of a process start (40–130 ms each on a loaded 2-core
// machine, measured). Each command line is followed by `getdisplaygeometry`, whose reply is the
// input's acknowledgement: the X server answers it only after the events before it. It asks about
// the screen, not a window: `getmouselocation` walks the window under the pointer, and when the
// input just closed that window (Escape on a popup) the walk hit a destroyed window, a BadWindow
// that ends the xdotool process.
import { createInterface } from 'node:readline'
import { execa } from 'execa'

const startXdotool = (display: string) => execa('xdotool', ['-'], { env: { DISPLAY: display }, buffer: false, reject: false })
type Child = ReturnType<typeof startXdotool>

interface Waiter {
  resolve: () => void
  reject: (error: Error) => void
}

export class XdotoolSession {
  readonly #display: string
  #child: Child | undefined
  /** One per command written, in order: each takes the next acknowledgement. */
  #waiting: Waiter[] = []
  #stderr = ''
  #queue: Promise<unknown> = Promise.resolve()

  constructor(display: string) {
    this.#display = display
  }

  /** Whether `args` can go as one script line (xdotool splits lines on whitespace). */
  static fits(args: readonly string[]): boolean {
    return args.every((arg) => arg !== '' && !/\s/.test(arg))
  }

  /** Runs one xdotool command line; resolves once the server has it, rejects with what xdotool said. */
  run(args: readonly string[], signal?: AbortSignal): Promise<void> {
    const turn = this.#queue.then(() => this.#send(args, signal))
    this.#queue = turn.catch(() => undefined)
    return turn
  }

  close(): void {
    this.#child?.kill()
    this.#child = undefined
  }

  async #send(args: readonly string[], signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    const child = this.#start()
    this.#stderr = ''
    const acknowledged = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }))
    child.stdin.write(`${args.join(' ')}\ngetdisplaygeometry\n`)
    // An abort stops the wait, not the line: its acknowledgement is still taken in turn.
    if (signal) {
      let onAbort = () => {}
      const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', (onAbort = () => reject(signal.reason)), { once: true }))
      await Promise.race([acknowledged, aborted]).finally(() => signal.removeEventListener('abort', onAbort))
    } else {
      await acknowledged
    }
    // xdotool reports a failed command on stderr and goes on: give that output its turn to arrive.
    await new Promise((resolve) => setImmediate(resolve))
    if (this.#stderr.trim()) throw new Error(this.#stderr.trim())
  }

  #start(): Child {
    if (this.#child) return this.#child
    const child = startXdotool(this.#display)
    this.#child = child
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (/^\d+ \d+$/.test(line)) this.#waiting.shift()?.resolve()
    })
    child.stderr.setEncoding('utf8').on('data', (text: string) => (this.#stderr += text))
    const fail = (error: Error) => {
      if (this.#child === child) this.#child = undefined
      for (const waiter of this.#waiting.splice(0)) waiter.reject(error)
    }
    void child.then((result) => fail(new Error(this.#stderr.trim() || (result.failed ? result.shortMessage : 'xdotool exited'))))
    child.stdin.on('error', () => undefined) // a write after exit: the exit has already failed the wait
    return child
  }
}
