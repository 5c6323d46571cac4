// Computer-use tests need Node: Vitest's jsdom, happy-dom and edge-runtime environments replace
// globals (document, window, AbortSignal, fetch…) that the display, browser and OCR code rely on.
// Such a file fails at once with what to do, not later with a baffling error from inside a library.
import { ConfigError } from './errors.ts'

export const NODE_ONLY_HINT =
  "Computer-use tests run in Node: keep *.cua.test.ts files in the `cua` project (agentprobe's plugin adds it, environment 'node'), or put `// @vitest-environment node` at the top of the file."

/** The global that shows the current test environment is not Node's (undefined when it is). */
export function browserLikeGlobal(scope: Record<string, unknown> = globalThis as Record<string, unknown>): string | undefined {
  if (typeof scope.EdgeRuntime === 'string') return 'EdgeRuntime (edge-runtime)'
  if (scope.happyDOM !== undefined || (typeof scope.window === 'object' && scope.window !== null && 'happyDOM' in scope.window)) return 'happyDOM (happy-dom)'
  if (typeof scope.document === 'object' && scope.document !== null) return 'document (jsdom or another DOM environment)'
  return undefined
}

/** Throws a ConfigError naming the environment's global and the fix when `scope` is not plain Node. */
export function assertNodeEnvironment(file: string | undefined, scope?: Record<string, unknown>): void {
  const found = browserLikeGlobal(scope)
  if (found === undefined) return
  throw new ConfigError(`agentprobe: ${file ?? 'this test file'} runs in a browser-like Vitest environment (it defines ${found}). ${NODE_ONLY_HINT}`, { context: { global: found } })
}
