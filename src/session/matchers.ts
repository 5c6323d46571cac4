// agentprobe's matchers, framework-free: Vitest and Jest both register this object with
// `expect.extend`. All are async. A failing one says what it saw and where the screenshot is; an
// error in the verdict path (a model, CDP or uiautomator failure) throws, so even `.not` cannot
// turn it into a pass.
import { ConfigError } from '../core/errors.ts'
import type { QuerySchemaInput } from '../core/query-schema.ts'
import { closestNodes, describeNode, describeQuery, type ElementQuery } from '../targets/android/uiautomator-query.ts'
import { describeFilter, describeTarget, type TargetFilter } from '../targets/chrome/match-target.ts'
import type { AndroidHelpers, FindResult as ElementFindResult } from '../targets/android/android-helpers.ts'
import type { ChromeFixture } from '../targets/browser.ts'
import { isScreenHandle, type ScreenHandle } from './screen-handle.ts'

/** The matchers' types, for `declare module` in each framework's entry. */
export interface AgentprobeMatchers {
  /**
   * A cold yes/no question on a fresh screenshot; passes only on a clear YES (with `.not`, a clear
   * NO). Another answer gets a second look once the screen changes, within `timeout` ms (default 5000).
   */
  toVerify(question: string, options?: { timeout?: number }): Promise<void>
  /** agent.query on a fresh screenshot, and its value equal to `expected` (asymmetric matchers work). */
  toQuery(question: string, schema: QuerySchemaInput, expected: unknown): Promise<void>
  /** A CDP target (page, side panel, popup, service worker) matching the filter exists, within `timeout` ms. */
  toHaveTarget(filter: TargetFilter, options?: { timeout?: number }): Promise<void>
  /** The text is on screen (OCR, confusable-tolerant), within `timeout` ms. */
  toShowText(text: string, options?: { timeout?: number }): Promise<void>
  /** A node matching the query is on screen (uiautomator), within `timeout` ms. */
  toHaveElement(query: ElementQuery, options?: { timeout?: number }): Promise<void>
  /** Exactly `count` nodes match the query, within `timeout` ms. */
  toHaveElementCount(query: ElementQuery, count: number, options?: { timeout?: number }): Promise<void>
}

/** What both frameworks give a matcher as `this`, as far as these matchers use it. */
interface MatcherContext {
  isNot?: boolean
  /** Both frameworks' deep equality, asymmetric matchers included. */
  equals?: (a: unknown, b: unknown) => boolean
}

interface MatcherResult {
  pass: boolean
  message: () => string
}

function screenOf(received: unknown, matcher: string): ScreenHandle {
  if (!isScreenHandle(received)) throw new ConfigError(`${matcher} expects the \`screen\` fixture, got ${typeof received}`)
  return received
}

function helpersOf<T>(received: unknown, matcher: string, fixture: string, method: string): T {
  if (typeof received !== 'object' || received === null || typeof (received as Record<string, unknown>)[method] !== 'function') {
    throw new ConfigError(`${matcher} expects the \`${fixture}\` fixture, got ${typeof received}`)
  }
  return received as T
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What was on screen: the matches, or (with none) the closest nodes. */
function seenNodes(query: ElementQuery, found: ElementFindResult): string[] {
  const { nodes, hierarchy } = found
  if (nodes.length > 0) return [`  matched ${nodes.length}:`, ...nodes.slice(0, 8).map((n) => `    ${describeNode(n)}`)]
  const near = closestNodes(hierarchy, query)
  return [`  nothing matched among ${hierarchy.nodes.length} nodes; closest:`, ...(near.length ? near.map((n) => `    ${describeNode(n)}`) : ['    (none)'])]
}

export const agentprobeMatchers = {
  async toVerify(this: MatcherContext, received: unknown, question: string, options: { timeout?: number } = {}): Promise<MatcherResult> {
    const screen = screenOf(received, 'toVerify')
    const v = await screen.verify(question, { expecting: this.isNot ? 'NO' : 'YES', ...options })
    if (v.error) throw new Error(`toVerify could not get a verdict (verifier_error): ${v.error}\n  question: ${question}\n  screenshot: ${v.screenshot ?? 'none'}`)
    return {
      pass: v.passed,
      message: () =>
        [
          `expected the screen${this.isNot ? ' not' : ''} to verify: ${question}`,
          `  the verifier answered ${v.answer}: ${v.evidence ?? ''}`,
          `  screenshot: ${v.screenshot}`,
        ].join('\n'),
    }
  },

  async toQuery(this: MatcherContext, received: unknown, question: string, schema: QuerySchemaInput, expected: unknown): Promise<MatcherResult> {
    const screen = screenOf(received, 'toQuery')
    // A reply that does not fit the schema throws (ReadError), so even `.not` cannot pass on it.
    const r = await screen.read(question, schema)
    const equals = this.equals ?? ((a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b))
    return {
      pass: equals(r.value, expected),
      message: () =>
        [
          `expected agent.query(${JSON.stringify(question)})${this.isNot ? ' not' : ''} to read ${JSON.stringify(expected)}`,
          `  it read: ${JSON.stringify(r.value)}`,
          ...(r.evidence ? [`  evidence: ${r.evidence}`] : []),
          `  screenshot: ${r.screenshot ?? 'none'}`,
        ].join('\n'),
    }
  },

  async toHaveTarget(this: MatcherContext, received: unknown, filter: TargetFilter, options: { timeout?: number } = {}): Promise<MatcherResult> {
    const chrome = helpersOf<Pick<ChromeFixture, 'targets'>>(received, 'toHaveTarget', 'chrome', 'targets')
    const isNot = this.isNot === true
    const deadline = Date.now() + (options.timeout ?? (isNot ? 1000 : 5000))
    // The browser's helpers apply the filter: Firefox reads a service_worker filter as the add-on's background page.
    const found = async () => (await chrome.targets(filter)).length > 0
    let pass = await found()
    // Poll until the expectation holds (or, with .not, until it stops holding) or the time is up.
    while (pass === isNot && Date.now() < deadline) {
      await pause(100)
      pass = await found()
    }
    const targets = await chrome.targets()
    return {
      pass,
      message: () =>
        [
          `expected ${isNot ? 'no' : 'a'} browser target matching ${describeFilter(filter)}`,
          '  targets seen:',
          ...(targets.length ? targets.map((t) => `    ${describeTarget(t)}`) : ['    (none)']),
        ].join('\n'),
    }
  },

  async toShowText(this: MatcherContext, received: unknown, text: string, options: { timeout?: number } = {}): Promise<MatcherResult> {
    const screen = screenOf(received, 'toShowText')
    const found = await screen.find({ text }, { timeout: options.timeout ?? (this.isNot ? 0 : 5000), until: this.isNot ? 'absent' : 'present' })
    return {
      pass: found.located !== undefined,
      message: () =>
        [
          `expected the screen${this.isNot ? ' not' : ''} to show '${text}'`,
          found.located ? `  found at (${found.located.center.x}, ${found.located.center.y})` : `  visible text: ${found.seen || '(none)'}`,
          `  screenshot: ${found.screenshot}`,
        ].join('\n'),
    }
  },

  async toHaveElement(this: MatcherContext, received: unknown, query: ElementQuery, options: { timeout?: number } = {}): Promise<MatcherResult> {
    const android = helpersOf<AndroidHelpers>(received, 'toHaveElement', 'android', 'waitFor')
    const timeoutMs = options.timeout ?? (this.isNot ? 1000 : 5000)
    const found = await android.waitFor(query, { timeoutMs, until: this.isNot ? 'absent' : 'present' })
    return {
      pass: found.nodes.length > 0,
      message: () => [`expected ${this.isNot ? 'no' : 'an'} element matching ${describeQuery(query)} (uiautomator, ${timeoutMs} ms)`, ...seenNodes(query, found)].join('\n'),
    }
  },

  async toHaveElementCount(this: MatcherContext, received: unknown, query: ElementQuery, count: number, options: { timeout?: number } = {}): Promise<MatcherResult> {
    const android = helpersOf<AndroidHelpers>(received, 'toHaveElementCount', 'android', 'waitFor')
    const isNot = this.isNot === true
    const deadline = Date.now() + (options.timeout ?? 5000)
    let found = await android.waitFor(query, { timeoutMs: 0 })
    while ((found.nodes.length === count) === isNot && Date.now() < deadline) {
      await pause(250)
      found = await android.waitFor(query, { timeoutMs: 0 })
    }
    return {
      pass: found.nodes.length === count,
      message: () => [`expected ${isNot ? 'not ' : ''}${count} element(s) matching ${describeQuery(query)}, found ${found.nodes.length}`, ...seenNodes(query, found)].join('\n'),
    }
  },
}
