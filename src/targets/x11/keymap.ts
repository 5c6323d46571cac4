// xdotool types a character missing from the keymap by remapping a spare keycode around each key
// press, and Chromium, which refreshes its keymap asynchronously, then drops or garbles it under
// load (measured: 4 clean runs of 15 typing 'aé€ñüb'). Binding the text's non-ASCII characters to
// free keycodes beforehand, and keeping them bound, made it 30 of 30.
import { setTimeout as sleep } from 'node:timers/promises'
import { execa } from 'execa'
import { unicodeKeysym } from './keysym.ts'

/** Time for clients to pick up a keymap change before the first key press that needs it. */
const MAPPING_SETTLE_MS = 100

/** Keycodes with no keysym at all in `xmodmap -pke` output. */
export function freeKeycodes(table: string): number[] {
  const free: number[] = []
  for (const line of table.split('\n')) {
    const match = /^keycode\s+(\d+)\s*=(.*)$/.exec(line.trim())
    if (match && match[2]!.split(/\s+/).every((sym) => sym === '' || sym === 'NoSymbol')) free.push(Number(match[1]))
  }
  return free
}

/** Distinct characters the default US keymap lacks (everything past printable ASCII), in order. */
export function charactersNeedingKeys(text: string): string[] {
  return [...new Set([...text].filter((char) => char.codePointAt(0)! > 0x7e))]
}

/** The xmodmap script that binds each character to its keycode (an empty character unbinds it). */
export function xmodmapScript(bindings: ReadonlyArray<readonly [string, number]>): string {
  return bindings.map(([char, keycode]) => `keycode ${keycode} =${char ? ` ${unicodeKeysym(char)}` : ''}\n`).join('')
}

/** Keeps the non-ASCII characters typed on one display bound to keycodes until release(). */
export class KeymapBinder {
  readonly #display: string
  readonly #bound = new Map<string, number>()
  #free: number[] | undefined
  #available = true
  #queue: Promise<unknown> = Promise.resolve()

  constructor(display: string) {
    this.#display = display
  }

  /**
   * Binds the characters of `text` that need it. Scripts go through stdin, so no character ever
   * appears in a command line. Without xmodmap, xdotool's own remapping is left to do its best.
   */
  bind(text: string, signal?: AbortSignal): Promise<void> {
    const run = this.#queue.then(() => this.#bind(text, signal))
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** Gives the keycodes back (for a display we do not own). */
  release(): Promise<void> {
    const run = this.#queue.then(async () => {
      if (this.#bound.size === 0 || !this.#available) return
      await this.#xmodmap(['-'], xmodmapScript([...this.#bound.values()].map((keycode) => ['', keycode] as const)))
      this.#bound.clear()
      this.#free = undefined
    })
    this.#queue = run.catch(() => undefined)
    return run
  }

  async #bind(text: string, signal?: AbortSignal): Promise<void> {
    const missing = charactersNeedingKeys(text).filter((char) => !this.#bound.has(char))
    if (missing.length === 0 || !this.#available) return
    if (this.#free === undefined) {
      const table = await this.#xmodmap(['-pke'], '', signal)
      if (table === undefined) return
      // xdotool borrows the lowest free keycode for anything still unbound: leave it to it.
      this.#free = freeKeycodes(table).slice(1)
    }
    const bindings = missing.slice(0, this.#free.length).map((char) => [char, this.#free!.pop()!] as const)
    if (bindings.length === 0) return
    await this.#xmodmap(['-'], xmodmapScript(bindings), signal)
    for (const [char, keycode] of bindings) this.#bound.set(char, keycode)
    await sleep(MAPPING_SETTLE_MS, undefined, { signal })
  }

  /** Runs xmodmap; undefined (and no more tries) when it is not installed. */
  async #xmodmap(args: string[], input: string, signal?: AbortSignal): Promise<string | undefined> {
    try {
      return (await execa('xmodmap', args, { env: { DISPLAY: this.#display }, input, cancelSignal: signal })).stdout
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error
      this.#available = false
      return undefined
    }
  }
}
