// A worker holds no connection to a Firefox the main process runs (Firefox serves one WebDriver
// session, and the main process has it), so it learns of a crash by looking for the process.
import { TargetError } from '../../core/errors.ts'

const INTERVAL_MS = 250

/** Aborted with a TargetError coded AGENTPROBE_TARGET_CRASHED once process `pid` is gone; `stop()` ends the watch. */
export function processSignal(pid: number, what: string): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController()
  const timer = setInterval(() => {
    try {
      process.kill(pid, 0)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') return
      clearInterval(timer)
      controller.abort(new TargetError(`${what} (pid ${pid}) exited unexpectedly`, { code: 'AGENTPROBE_TARGET_CRASHED', context: { pid } }))
    }
  }, INTERVAL_MS)
  timer.unref()
  return { signal: controller.signal, stop: () => clearInterval(timer) }
}
