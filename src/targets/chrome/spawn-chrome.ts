// Runs the Chromium executable as the leader of its own process group, on the given display,
// keeping the tail of its stderr for error messages.
import type { Readable, Writable } from 'node:stream'
import { execa } from 'execa'
import { raceAbort } from '../../core/abort.ts'
import { TargetError } from '../../core/errors.ts'
import { OutputTail } from './output-tail.ts'
import { PipeConnection } from './pipe-connection.ts'
import { reapOnExit } from '../child-reaper.ts'
import { killGroup } from './process-group.ts'

const RELEASE_TIMEOUT_MS = 5000

export interface SpawnedChrome {
  readonly pid: number
  /** Settles when the main process exits, with how it ended ('SIGKILL', 'exit code 1'). */
  readonly exited: Promise<string>
  /** The last meaningful lines of its stderr. */
  stderrTail(): string
  /** The DevTools pipe (fds 3 and 4). */
  readonly pipe: PipeConnection
  /** SIGKILLs the whole group and waits until every process of it is gone. */
  kill(): Promise<void>
}

/** Starts `executablePath argv` with DISPLAY set for it alone (this process's environment is left as is); `profileDir` goes with it if this process ends first. */
export function spawnChrome(executablePath: string, argv: readonly string[], display: string, profileDir?: string): SpawnedChrome {
  const child = execa(executablePath, argv, {
    env: { DISPLAY: display },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    buffer: false,
    reject: false,
    cleanup: false,
  })
  const pipe = new PipeConnection(child.stdio[3] as unknown as Writable, child.stdio[4] as unknown as Readable)
  const tail = new OutputTail()
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => tail.push(chunk))
  const pid = child.pid
  if (pid === undefined) throw new TargetError(`could not start ${executablePath}`, { context: { executablePath } })
  const untrack = reapOnExit({ pid, group: true, ...(profileDir !== undefined && { dir: profileDir }) })
  const exited = new Promise<string>((resolve) => {
    child.nodeChildProcess.once('exit', (code, signal) => {
      untrack()
      resolve(signal ?? `exit code ${code}`)
    })
  })
  // Every process of the tree inherits the stderr pipe, so it closes when the last one is gone.
  const released = new Promise<void>((resolve) => child.stderr.once('close', () => resolve()))
  return {
    pid,
    exited,
    pipe,
    stderrTail: () => tail.text(),
    kill: async () => {
      killGroup(pid)
      await exited
      await raceAbort(released, AbortSignal.timeout(RELEASE_TIMEOUT_MS)).catch(() => child.stderr.destroy())
    },
  }
}
