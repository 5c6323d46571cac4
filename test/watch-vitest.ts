// Drives `vitest --watch` on test/pool-project as a developer's terminal would: start it, wait for
// lines of its output, end it. Shared by the watch-mode e2e tests.
import { execa, type ResultPromise } from 'execa'
import { join, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '..')

export interface WatchRun {
  readonly vitest: ResultPromise<{ all: true; reject: false }>
  /** Resolves with the first match of `pattern` in the output since the last `clear()`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  /** Forgets the output so far: the next `waitFor` sees only what comes after. */
  clear(): void
  output(): string
}

/**
 * `vitest --config test/pool-project/vitest.config.ts --watch <filter>`, with `env` added. With
 * `terminal`, inside a pseudo-terminal (`script`), where Vitest reads keys from stdin as it does in a
 * developer's terminal; signals then reach `script`, not Vitest.
 */
export function watchPoolProject(filter: string, env: Record<string, string>, { terminal = false } = {}): WatchRun {
  const command = ['node', join(root, 'node_modules/vitest/vitest.mjs'), '--config', 'test/pool-project/vitest.config.ts', '--watch', filter]
  const [file, ...args] = terminal ? ['script', '-qfec', command.map(shellQuote).join(' '), '/dev/null'] : command
  const vitest = execa(file!, args, {
    cwd: root,
    env: { CI: '', ...env },
    all: true,
    reject: false,
  })
  let output = ''
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpMatchArray>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`timed out waiting for ${pattern}; output:\n${output}`)), timeoutMs)
      const check = () => {
        const match = pattern.exec(output)
        if (match) {
          clearTimeout(timer)
          vitest.all.off('data', onData)
          done(match)
        }
      }
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        check()
      }
      vitest.all.on('data', onData)
      check()
    })
  return { vitest, waitFor, clear: () => (output = ''), output: () => output }
}

const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`
