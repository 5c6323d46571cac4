// Xvfb and Chromium must not outlive the process that started them, however it ends. Node runs
// no 'exit' handlers when a signal kills it by default: SIGHUP (a closed terminal; Xvfb itself
// survives its SIGHUP, it only resets) or a SIGTERM/SIGINT nobody listens for would leave them
// running with parent 1. So, two layers:
//  1. on 'exit' and on SIGHUP/SIGINT/SIGTERM, every child is SIGKILLed synchronously (and its
//     folder removed); the signal is then raised again when nothing else listens for it, so the
//     process still ends as it would have. Synchronous, because after a signal nothing async is sure to run.
//  2. a watchdog for what no handler sees (SIGKILL, a crash in native code): one tiny detached `sh`
//     per process, holding the list of children on its stdin. Its stdin is a pipe only this
//     process writes to (libuv opens it close-on-exec, so no other child inherits it), so the
//     pipe's end-of-file is this process's death, whatever the cause: it then kills the children
//     still listed. Node cannot set PR_SET_PDEATHSIG on a child, and polling for orphans at the
//     next start would leave them running until then.
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import type { Socket } from 'node:net'

export interface Reapable {
  pid: number
  /** Kill the whole process group `pid` leads (a browser's tree), not only `pid`. */
  group?: boolean
  /** A folder to remove once it is killed at exit (its profile, its framebuffer). */
  dir?: string
}

const live = new Map<number, Reapable>()
const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM'] as const
let exitHooked = false
let watchdog: ChildProcess | undefined

// `read` ends at end-of-file; then every target still listed is killed ("-123" is a group).
const WATCHDOG = `trap '' HUP INT
live=' '
while read -r op target; do
  case $op in
    +) live="$live$target " ;;
    -) case $live in *" $target "*) live="\${live%%" $target "*} \${live#*" $target "}" ;; esac ;;
  esac
done
for target in $live; do kill -KILL "$target" 2>/dev/null; done
exit 0`

/** Kills `child` (SIGKILL) if this process ends while it runs; the returned function stops that (call it once the child is gone). */
export function reapOnExit(child: Reapable): () => void {
  hook()
  live.set(child.pid, child)
  tellWatchdog(`+ ${target(child)}`)
  return () => {
    if (live.get(child.pid) !== child) return
    live.delete(child.pid)
    tellWatchdog(`- ${target(child)}`)
    if (live.size === 0) unhookSignals()
  }
}

/** SIGKILLs every tracked child now, and removes their folders. */
export function reapAll(): void {
  for (const child of live.values()) {
    try {
      process.kill(child.group ? -child.pid : child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  for (const { dir } of live.values()) if (dir !== undefined) rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 })
  live.clear()
}

const target = (child: Reapable) => String(child.group ? -child.pid : child.pid)

function onSignal(signal: NodeJS.Signals): void {
  reapAll()
  // This listener was prepended, so every other listener of `signal` is still registered now.
  const others = process.listenerCount(signal) - 1
  unhookSignals()
  if (others === 0) process.kill(process.pid, signal)
}

function hook(): void {
  if (!exitHooked) {
    process.on('exit', reapAll)
    exitHooked = true
  }
  for (const signal of SIGNALS) if (!process.listeners(signal).includes(onSignal)) process.prependListener(signal, onSignal)
}

function unhookSignals(): void {
  for (const signal of SIGNALS) process.removeListener(signal, onSignal)
}

function tellWatchdog(line: string): void {
  if (watchdog === undefined || watchdog.exitCode !== null || watchdog.signalCode !== null) {
    // detached: a session of its own, so a closed terminal's SIGHUP or a Ctrl-C never reaches it.
    watchdog = spawn('sh', ['-c', WATCHDOG], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] })
    watchdog.on('error', () => {}) // no sh: layer 1 still holds
    watchdog.stdin!.on('error', () => {})
    watchdog.unref()
    ;(watchdog.stdin as unknown as Socket).unref() // it must never keep this process alive
    for (const child of live.values()) if (`+ ${target(child)}` !== line) watchdog.stdin!.write(`+ ${target(child)}\n`)
  }
  watchdog.stdin!.write(`${line}\n`)
}

/** The watchdog's pid, for tests. */
export function watchdogPid(): number | undefined {
  return watchdog?.pid
}
