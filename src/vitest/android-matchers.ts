// Deterministic Android checks: `expect(android).toHaveElement(query)` and `toHaveElementCount`
// dump the UI with uiautomator until the expectation holds or the time is up, and a failure lists
// what matched, or the closest nodes when nothing did. A failing dump throws, even under `.not`.
import { expect } from 'vitest'
import { ConfigError } from '../core/errors.ts'
import type { AndroidHelpers, FindResult } from '../targets/android/android-helpers.ts'
import { closestNodes, describeNode, describeQuery, type ElementQuery } from '../targets/android/uiautomator-query.ts'

export interface AndroidMatchers {
  /** A node matching the query is on screen (uiautomator), within `timeout` ms. */
  toHaveElement(query: ElementQuery, options?: { timeout?: number }): Promise<void>
  /** Exactly `count` nodes match the query, within `timeout` ms. */
  toHaveElementCount(query: ElementQuery, count: number, options?: { timeout?: number }): Promise<void>
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends AndroidMatchers {}
}

function androidOf(received: unknown, matcher: string): AndroidHelpers {
  if (typeof received !== 'object' || received === null || typeof (received as AndroidHelpers).waitFor !== 'function') {
    throw new ConfigError(`${matcher} expects the \`android\` fixture, got ${typeof received}`)
  }
  return received as AndroidHelpers
}

/** What was on screen: the matches, or (with none) the closest nodes. */
function seen(query: ElementQuery, found: FindResult): string[] {
  const { nodes, hierarchy } = found
  if (nodes.length > 0) return [`  matched ${nodes.length}:`, ...nodes.slice(0, 8).map((n) => `    ${describeNode(n)}`)]
  const near = closestNodes(hierarchy, query)
  return [`  nothing matched among ${hierarchy.nodes.length} nodes; closest:`, ...(near.length ? near.map((n) => `    ${describeNode(n)}`) : ['    (none)'])]
}

expect.extend({
  async toHaveElement(received: unknown, query: ElementQuery, options: { timeout?: number } = {}) {
    const android = androidOf(received, 'toHaveElement')
    const timeoutMs = options.timeout ?? (this.isNot ? 1000 : 5000)
    const found = await android.waitFor(query, { timeoutMs, until: this.isNot ? 'absent' : 'present' })
    return {
      pass: found.nodes.length > 0,
      message: () => [`expected ${this.isNot ? 'no' : 'an'} element matching ${describeQuery(query)} (uiautomator, ${timeoutMs} ms)`, ...seen(query, found)].join('\n'),
    }
  },

  async toHaveElementCount(received: unknown, query: ElementQuery, count: number, options: { timeout?: number } = {}) {
    const android = androidOf(received, 'toHaveElementCount')
    const timeoutMs = options.timeout ?? 5000
    const deadline = Date.now() + timeoutMs
    let found = await android.waitFor(query, { timeoutMs: 0 })
    while ((found.nodes.length === count) === this.isNot && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      found = await android.waitFor(query, { timeoutMs: 0 })
    }
    return {
      pass: found.nodes.length === count,
      message: () => [`expected ${this.isNot ? 'not ' : ''}${count} element(s) matching ${describeQuery(query)}, found ${found.nodes.length}`, ...seen(query, found)].join('\n'),
    }
  },
})
