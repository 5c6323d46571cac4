// At most `n` tasks at once, the others waiting in the order they came: for e2e files that start
// several child suites, installs or browsers on a machine of two cores.
export function limit(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < n) running += 1
    else await new Promise<void>((go) => waiting.push(go)) // the finishing task hands its place over
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}
