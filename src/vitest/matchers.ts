// Async matchers. A failing one says what it saw and where the screenshot is; an error in the
// verdict path (a model or CDP failure) throws, so even `.not` cannot turn it into a pass.
import { expect } from 'vitest'
import './android-matchers.ts'
import { ConfigError } from '../core/errors.ts'
import { isScreenHandle, type ScreenHandle } from '../harness/test-session.ts'
import { describeFilter, describeTarget, matchTarget, type TargetFilter } from '../targets/chrome/match-target.ts'
import type { ChromeHelpers } from '../targets/chrome/cdp.ts'

/** agentprobe's matchers; all are async, so `await expect(…)`. */
export interface AgentprobeMatchers {
  /** A cold yes/no question on a fresh screenshot; passes only on a clear YES. */
  toVerify(question: string): Promise<void>
  /** A CDP target (page, side panel, popup, service worker) matching the filter exists, within `timeout` ms. */
  toHaveTarget(filter: TargetFilter, options?: { timeout?: number }): Promise<void>
  /** The text is on screen (OCR, confusable-tolerant), within `timeout` ms. */
  toShowText(text: string, options?: { timeout?: number }): Promise<void>
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends AgentprobeMatchers {}
}

function screenOf(received: unknown, matcher: string): ScreenHandle {
  if (!isScreenHandle(received)) throw new ConfigError(`${matcher} expects the \`screen\` fixture, got ${typeof received}`)
  return received
}

function chromeOf(received: unknown, matcher: string): ChromeHelpers {
  if (typeof received !== 'object' || received === null || typeof (received as ChromeHelpers).targets !== 'function') {
    throw new ConfigError(`${matcher} expects the \`chrome\` fixture, got ${typeof received}`)
  }
  return received as ChromeHelpers
}

expect.extend({
  async toVerify(received: unknown, question: string) {
    const screen = screenOf(received, 'toVerify')
    const v = await screen.verify(question)
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

  async toHaveTarget(received: unknown, filter: TargetFilter, options: { timeout?: number } = {}) {
    const chrome = chromeOf(received, 'toHaveTarget')
    const deadline = Date.now() + (options.timeout ?? (this.isNot ? 1000 : 5000))
    let targets = await chrome.targets()
    // Poll until the expectation holds (or, with .not, until it stops holding) or the time is up.
    while (targets.some((t) => matchTarget(t, filter)) === this.isNot && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      targets = await chrome.targets()
    }
    const pass = targets.some((t) => matchTarget(t, filter))
    return {
      pass,
      message: () =>
        [
          `expected ${this.isNot ? 'no' : 'a'} CDP target matching ${describeFilter(filter)}`,
          '  targets seen:',
          ...(targets.length ? targets.map((t) => `    ${describeTarget(t)}`) : ['    (none)']),
        ].join('\n'),
    }
  },

  async toShowText(received: unknown, text: string, options: { timeout?: number } = {}) {
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
})
