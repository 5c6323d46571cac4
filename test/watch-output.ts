// Reads a `vitest --watch` process's output one run at a time, as a developer reads the terminal.
// Shared by the e2e tests that keep watch mode open beside a user's repo.
import type { Readable } from 'node:stream'

/** Vitest's line at the end of each watch run: 'Waiting for file changes' when it passed, 'Tests failed. Watching for file changes' when not. */
export const RUN_DONE = /(Waiting|Watching) for file changes/

/** `next(pattern)` resolves with all output since the last call, up to the match. */
export function watchOutput(child: { all: Readable }) {
  let buffer = ''
  let waiter: (() => void) | undefined
  child.all.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    waiter?.()
  })
  return {
    next(pattern: RegExp, what: string, timeoutMs = 240_000): Promise<string> {
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`${what}: timed out after ${timeoutMs} ms waiting for ${pattern}; output:\n${tail(buffer)}`)), timeoutMs)
        const check = () => {
          const match = pattern.exec(buffer)
          if (!match) return
          clearTimeout(timer)
          waiter = undefined
          const upTo = match.index + match[0].length
          const seen = buffer.slice(0, upTo)
          buffer = buffer.slice(upTo)
          done(seen)
        }
        waiter = check
        check()
      })
    },
  }
}

/** The last 40 lines, for a failure message. */
export const tail = (text: string) => text.split('\n').slice(-40).join('\n')
