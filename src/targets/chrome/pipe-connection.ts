// The DevTools pipe (--remote-debugging-pipe: commands on fd 3, replies on fd 4, NUL-terminated
// JSON). Only the pipe may call Extensions.loadUnpacked (a WebSocket answers "Method not
// available"), which is how an unpacked extension is loaded into branded Chrome and reloaded in place.
import type { Readable, Writable } from 'node:stream'
import { TargetError } from '../../core/errors.ts'

interface Reply {
  id?: number
  result?: unknown
  error?: { message: string; code?: number }
}

export class PipeConnection {
  readonly #input: Writable
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string }>()
  #nextId = 0
  #buffer = ''
  #closed = false

  constructor(input: Writable, output: Readable) {
    this.#input = input
    output.setEncoding('utf8')
    output.on('data', (chunk: string) => this.#read(chunk))
    output.once('close', () => this.#fail(new TargetError('the DevTools pipe closed: the browser has exited')))
    input.on('error', () => undefined)
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.#closed) return Promise.reject(new TargetError(`${method}: the DevTools pipe is closed`))
    const id = ++this.#nextId
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, method })
      this.#input.write(`${JSON.stringify({ id, method, params })}\0`)
    })
  }

  #read(chunk: string): void {
    this.#buffer += chunk
    for (let end = this.#buffer.indexOf('\0'); end >= 0; end = this.#buffer.indexOf('\0')) {
      const reply = JSON.parse(this.#buffer.slice(0, end)) as Reply
      this.#buffer = this.#buffer.slice(end + 1)
      const waiting = reply.id === undefined ? undefined : this.#pending.get(reply.id)
      if (!waiting) continue
      this.#pending.delete(reply.id!)
      if (reply.error) waiting.reject(new TargetError(`${waiting.method} failed: ${reply.error.message}`))
      else waiting.resolve(reply.result)
    }
  }

  #fail(error: Error): void {
    this.#closed = true
    for (const waiting of this.#pending.values()) waiting.reject(error)
    this.#pending.clear()
  }
}
