// Runs a browser executable as the leader of its own process group, on the given display, keeping
// the tail of its stderr for error messages; one kill ends the whole tree, and so does this
// process's end (child-reaper).
import type { Readable } from 'node:stream'
import { execa, type ResultPromise } from 'execa'
import { raceAbort } from '../core/abort.ts'
import { TargetError } from '../core/errors.ts'
import { reapOnExit } from './child-reaper.ts'
import { OutputTail } from './output-tail.ts'
import { killGroup } from './process-group.ts'

const RELEASE_TIMEOUT_MS = 5000

export interface SpawnGroupOptions {
  /** The X display, set for the child alone (this process's environment is left as is). */
  display: string
  /** Removed with the group if this process ends first (the profile). */
  dir?: string | undefined
  /** Pipes on fds 3, 4, … for the child (Chromium's DevTools pipe). */
  extraPipes?: number
  /** More variables for the child alone (LANGUAGE for Chromium's UI language). */
  env?: Record<string, string> | undefined
}

export interface SpawnedGroup {
  readonly pid: number
  /** Settles when the main process exits, with how it ended ('SIGKILL', 'exit code 1'). */
  readonly exited: Promise<string>
  /** The child's stdio streams by fd, for the extra pipes. */
  readonly stdio: readonly unknown[]
  /** Calls `listener` with every chunk of stderr from now on. */
  onStderr(listener: (chunk: string) => void): void
  /** The last meaningful lines of its stderr. */
  stderrTail(): string
  /** SIGKILLs the whole group and waits until every process of it is gone. */
  kill(): Promise<void>
}

/** Starts `executablePath argv` as a process-group leader. */
export function spawnGroup(executablePath: string, argv: readonly string[], { display, dir, extraPipes = 0, env }: SpawnGroupOptions): SpawnedGroup {
  const child: ResultPromise = execa(executablePath, argv, {
    env: { ...env, DISPLAY: display },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', ...Array<'pipe'>(extraPipes).fill('pipe')],
    buffer: false,
    reject: false,
    cleanup: false,
  })
  const stderr = child.stderr as Readable
  const tail = new OutputTail()
  stderr.setEncoding('utf8').on('data', (chunk: string) => tail.push(chunk))
  const pid = child.pid
  if (pid === undefined) throw new TargetError(`could not start ${executablePath}`, { context: { executablePath } })
  const untrack = reapOnExit({ pid, group: true, ...(dir !== undefined && { dir }) })
  const exited = new Promise<string>((resolve) => {
    child.nodeChildProcess.once('exit', (code, signal) => {
      untrack()
      resolve(signal ?? `exit code ${code}`)
    })
  })
  // Every process of the tree inherits the stderr pipe, so it closes when the last one is gone.
  const released = new Promise<void>((resolve) => stderr.once('close', () => resolve()))
  return {
    pid,
    exited,
    stdio: child.stdio,
    onStderr: (listener) => stderr.on('data', listener),
    stderrTail: () => tail.text(),
    kill: async () => {
      killGroup(pid)
      await exited
      await raceAbort(released, AbortSignal.timeout(RELEASE_TIMEOUT_MS)).catch(() => stderr.destroy())
    },
  }
}

/** A launched browser's group as its launcher watches it: an exit before `ready` fails the start, one after it (and before `closing`) is a crash. */
export interface GroupWatch {
  /** Aborted with a TargetError when the group exits during start. */
  readonly startFailed: AbortSignal
  /** Aborted with a TargetError coded AGENTPROBE_TARGET_CRASHED when it exits unexpectedly after start. */
  readonly crashed: AbortSignal
  ready: boolean
  closing: boolean
}

/** Watches `group` (the browser `name` started from `executablePath`) for its exit. */
export function watchGroup(group: Pick<SpawnedGroup, 'pid' | 'exited' | 'stderrTail'>, name: string, executablePath: string, context: Record<string, unknown>): GroupWatch {
  const startFailed = new AbortController()
  const crashed = new AbortController()
  const watch: GroupWatch = { startFailed: startFailed.signal, crashed: crashed.signal, ready: false, closing: false }
  void group.exited.then((how) => {
    if (watch.closing) return
    if (!watch.ready) startFailed.abort(new TargetError(`${name} exited during start (${how}): ${executablePath}\n${group.stderrTail()}`, { context }))
    else crashed.abort(new TargetError(`${name} (pid ${group.pid}) exited unexpectedly (${how})\n${group.stderrTail()}`, { code: 'AGENTPROBE_TARGET_CRASHED', context }))
  })
  return watch
}
