// 'agentprobe/vitest': the extended `test` and an `expect` with agentprobe's matchers.
import './matchers.ts'

export { expect, describe, beforeAll, afterAll, beforeEach, afterEach } from 'vitest'
export { test, test as it } from './fixtures.ts'
export type { Agent, TestSession } from '../session/test-session.ts'
export type { ScreenHandle, Described } from '../session/screen-handle.ts'
export type { WaitForOptions } from '../agent/wait-for.ts'
// The `chrome` fixture's type, whichever browser runs it (Chromium's class has the same methods).
export type { ChromeFixture as ChromeHelpers } from '../targets/browser.ts'
export type { AndroidHelpers } from '../targets/android/android-helpers.ts'
export type { ElementQuery } from '../targets/android/uiautomator-query.ts'
export type { UiNode } from '../targets/android/uiautomator-parse.ts'
