// A browser is a tree of processes (Chromium's zygotes, GPU and renderers; Firefox's content
// processes). Started as the leader of its own process group, the whole tree goes with one kill
// (child-reaper does the same when the test process ends).

/** SIGKILLs every process in the group led by `pid`; a group that is already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}
