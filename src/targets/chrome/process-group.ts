// Chromium is a tree of processes (zygotes, GPU, renderers). Started as the leader of its own
// process group, the whole tree goes with one kill — also when the test process exits without
// closing it.
const live = new Set<number>()
let hooked = false

/** SIGKILLs every process in the group led by `pid`; a group that is already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}

/** Kills the group when this process exits; the returned function stops tracking it. */
export function killGroupOnExit(pid: number): () => void {
  if (!hooked) {
    process.once('exit', () => live.forEach(killGroup))
    hooked = true
  }
  live.add(pid)
  return () => live.delete(pid)
}
