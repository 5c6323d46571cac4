// What useAgentprobe() returns: stable objects a test file can destructure once at the top, each
// forwarding to the current test's session (agent, screen, android) or the file's browser (chrome).
import type { Matchers } from 'expect'
import type { AgentprobeMatchers } from '../session/matchers.ts'
import type { Agent } from '../session/test-session.ts'
import type { ScreenHandle } from '../session/screen-handle.ts'
import type { TestRun } from '../session/test-run.ts'
import type { AndroidHelpers } from '../targets/android/android-helpers.ts'
import type { ChromeFixture } from '../targets/browser.ts'

// agentprobe's matchers on Jest's `expect` (from @jest/globals, or the global one of @types/jest);
// the environment registers them when a file calls useAgentprobe().
declare module 'expect' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void>, T = unknown> extends AgentprobeMatchers {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
    interface Matchers<R, T = {}> extends AgentprobeMatchers {}
  }
}

/** What `expect(handle)` offers in an agentprobe test file: Jest's matchers and agentprobe's. */
export type AgentprobeExpect = Matchers<Promise<void>>

/** The environment's entry point in the sandbox's global scope (a registry symbol crosses realms). */
export const RUNTIME = Symbol.for('agentprobe.jest')

export interface FileOverrides {
  /** This file's unpacked extension instead of the config's (relative to rootDir). */
  extension?: string
}

export interface JestRuntime {
  use(overrides: FileOverrides): Handles
}

export interface Handles {
  agent: Agent
  screen: ScreenHandle
  /** The deterministic helpers of this file's browser (browser target): CDP on Chromium, WebDriver BiDi on Firefox. */
  chrome: ChromeFixture
  /** adb and uiautomator helpers (target 'android'). */
  android: AndroidHelpers
}

export interface HandleSources {
  test(): TestRun
  file(): { browser?: { requireChrome(): ChromeFixture }; device?: { helpersFor(dir: string): AndroidHelpers } }
  artifactDir(): string
}

export function handles(from: HandleSources): Handles {
  return {
    agent: forward(() => from.test().session.agent),
    screen: forward(() => from.test().session.screen),
    chrome: forward(() => from.file().browser?.requireChrome() ?? missing('chrome', "the browser target (this project's target is 'android')")),
    android: forward(() => from.file().device?.helpersFor(from.artifactDir()) ?? missing('android', "target: 'android'")),
  }
}

/** An object whose every property is read from `current()` at the moment of use. */
function forward<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      // Never a thenable: `await handle` and Jest's promise checks must not reach into a test.
      if (key === 'then') return undefined
      const target = current()
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
    has: (_, key) => Reflect.has(current(), key),
  })
}

function missing(handle: string, needs: string): never {
  throw new Error(`\`${handle}\` needs ${needs}`)
}
