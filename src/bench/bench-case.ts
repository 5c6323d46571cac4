// A benchmark case: a small real extension (or app state) plus a mutant a team could plausibly
// ship, the verdict agentprobe should reach on each build, and a deterministic check that proves
// the ground truth without any model.
import type { AndroidHelpers } from '../targets/android/android-helpers.ts'
import type { BrowserName, ChromeFixture, ColorScheme } from '../targets/browser.ts'

export type BenchCategory =
  | 'popup'
  | 'sidepanel'
  | 'options'
  | 'content-script'
  | 'messaging'
  | 'auth-tab'
  | 'storage'
  | 'context-menu'
  | 'shortcut'
  | 'permission'
  | 'worker-lifecycle'
  | 'update'
  | 'locale'
  | 'rtl'
  | 'theme'
  | 'android'
export type Verdict = 'pass' | 'fail'

export interface TruthContext {
  /** The browser seam's helpers: CDP on Chromium, WebDriver BiDi on Firefox. */
  chrome: ChromeFixture
  /** http://127.0.0.1:<port>/ serving bench/pages/ */
  pagesUrl: string
  /** The folder of the case's `previousVersion`, for `chrome.installVersion`, when it names one. */
  previousVersion?: string
}

interface BenchCaseBase {
  /** Unique, stable: '<category>/<slug>', e.g. 'sidepanel/open-on-action-click'. */
  id: string
  category: BenchCategory
  /** The cold verifier's yes/no question (quote on-screen text in '…'). */
  verify: string
  /** Default 6; for a list of instructions, the budget of each. */
  maxSteps?: number
  /** For a list of instructions, of each. */
  expectedSteps?: number
  /** What the mutant is: the regression a team could ship. */
  mutantDescription: string
  /** Expected verdict of agentprobe on each build: usually good 'pass', mutant 'fail'; a benign mutant (restyle) expects 'pass'. */
  expected: { good: Verdict; mutant: Verdict }
}

// A step between two instructions: Chrome stops the extension's service worker, as it does after
// about 30 s idle, so a case can show what a user meets once the worker has gone.
export const STOP_WORKER = { stopWorker: true } as const
// A step between two instructions: Chrome updates the extension in place, from the case's
// `previousVersion` (installed before the first instruction) to the build under test.
export const UPDATE = { update: true } as const
export type BenchStep = string | typeof STOP_WORKER | typeof UPDATE

export interface BrowserBenchCase extends BenchCaseBase {
  target?: 'browser'
  /**
   * What agent.do gets; a list runs each instruction in its own agent.do, with the worker stopped
   * where STOP_WORKER stands and the extension updated where UPDATE stands (the last instruction gets `verify`).
   */
  instruction: string | readonly BenchStep[]
  /** Folder name under bench/extensions. */
  extension: string
  /** Text edits turning the good build into the mutant (same shape as fixtures/extensions/mutants.json). */
  edits: { file: string; find: string; replace: string }[]
  /** A page under bench/pages to open before the agent starts (content-script cases), e.g. 'article.html'. */
  page?: string
  /**
   * The version users have, a folder under bench/extensions sharing the build's identity: installed
   * before the first instruction (and by the truth, itself); an UPDATE step replaces it by the build.
   */
  previousVersion?: string
  /** The browser's UI language on both builds, e.g. 'ar' (right to left); default the machine's. */
  locale?: string
  /** The browser's theme on both builds; default the machine's (light). */
  colorScheme?: ColorScheme
  /**
   * The browsers the case runs on (default ['chromium']): its extension installs there and its
   * truth was checked there. `agentprobe bench --browser firefox` skips the others, saying why.
   */
  browsers?: readonly BrowserName[]
  /** Deterministic ground truth, driven through the `chrome` fixture only (no model, no OCR): does the feature work on this build? Runs in fresh tabs after the agent's run; must not depend on what the agent did. */
  truth(ctx: TruthContext): Promise<boolean>
}

export interface AndroidBenchCase extends BenchCaseBase {
  target: 'android'
  /** What agent.do gets. */
  instruction: string
  /** Build of the scripted app on the device double for each side: e.g. { good: 'good', mutant: 'broken' }. */
  builds: { good: string; mutant: string }
  package: string
  truth(ctx: { android: AndroidHelpers }): Promise<boolean>
}

export type BenchCase = BrowserBenchCase | AndroidBenchCase

/** The instructions of a case, in order, without the worker stops between them. */
export function instructionsOf(c: BenchCase): string[] {
  return typeof c.instruction === 'string' ? [c.instruction] : c.instruction.filter((step) => typeof step === 'string')
}

export function defineBenchCase<T extends BenchCase>(c: T): T {
  return c
}
