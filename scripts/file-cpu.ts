// A setup file for this repository's e2e project (isolated: a process per file): at the end of each
// file, the CPU time of its worker and of every process it waited for (the browsers, child suites
// and CLI runs it started), in the file's meta for suite-times.ts. Wall time alone does not say
// whether a slow file works or waits.
import { readFileSync } from 'node:fs'
import { afterAll } from 'vitest'

/** CPU-seconds from /proc/self/stat: this process's, and its reaped children's (Linux only). */
function cpuSeconds(): { self: number; children: number } | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number)
    // utime, stime, cutime, cstime (fields 14–17), in clock ticks of 1/100 s on Linux
    return { self: (fields[11]! + fields[12]!) / 100, children: (fields[13]! + fields[14]!) / 100 }
  } catch {
    return undefined
  }
}

declare module 'vitest' {
  interface TaskMeta {
    cpu?: { self: number; children: number }
  }
}

afterAll(({}, suite) => {
  const cpu = cpuSeconds()
  if (cpu) suite.meta.cpu = cpu
})
