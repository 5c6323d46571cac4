// Jest's view of a test, as agentprobe names it: the full name (describe blocks, then the test,
// space-separated as Jest prints it) keys the artifacts folder and the cassette.
import type { Circus } from '@jest/types'

const ROOT = 'ROOT_DESCRIBE_BLOCK'

export function fullName(test: Circus.TestEntry): string {
  const names = [test.name]
  for (let block: Circus.DescribeBlock | undefined = test.parent; block && block.name !== ROOT; block = block.parent) names.unshift(block.name)
  return names.join(' ')
}

/** Adds lines under an error's message, in its stack too (Jest prints the stack, which repeats the message). */
export function appendToError(error: Error, lines: string): void {
  // Read first: V8 formats a stack lazily, from the message as it is at the first read.
  const { message, stack } = error
  error.message = `${message}\n${lines}`
  if (typeof stack === 'string' && stack.includes(message)) error.stack = stack.replace(message, error.message)
}

/** The error or thrown value each entry of a test's errors stands for (Jest keeps [thrown, asyncError] pairs). */
export function thrownValues(errors: Circus.TestEntry['errors']): unknown[] {
  return errors.map((e) => (Array.isArray(e) ? (e[0] ?? e[1]) : e))
}

/**
 * Adds lines under the first failure Jest will print. A thrown non-Error (Jest's own timeout is a
 * string) is replaced by an Error saying the same, located where the test's async error points.
 */
export function annotateFirstError(errors: Circus.TestEntry['errors'], lines: string): void {
  const first = errors[0]
  if (first === undefined) return
  const [thrown, asyncError] = Array.isArray(first) ? first : [first, undefined]
  // Errors come from the sandbox's realm: instanceof Error would not recognise them.
  if (typeof thrown === 'object' && thrown !== null) return appendToError(thrown as Error, lines)
  if (!Array.isArray(first)) return
  const replacement = new Error(`${String(thrown)}\n${lines}`)
  const frames = asyncError?.stack?.split('\n').slice(1).join('\n')
  if (frames) replacement.stack = `Error: ${replacement.message}\n${frames}`
  first[0] = replacement
}
