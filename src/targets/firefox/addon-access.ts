// What the helpers for Firefox's own surfaces (menus, commands, permissions) need of a running
// add-on, so each lives in a module of its own without reaching into FirefoxHelpers.
import type { WaitOptions } from '../chrome/chrome-calls.ts'
import type { BrowserWindow } from './browser-window.ts'

export interface AddonAccess {
  /** The add-on id Firefox answered at install. */
  readonly addonId: string
  /** Firefox's own window (chrome scope). */
  readonly window: BrowserWindow
  /** Aborted when Firefox dies. */
  readonly signal: AbortSignal
  /** Runs `expression` in a page of the add-on (it has the extension's APIs) and returns its value; `call` names the helper in errors. */
  inAddonPage<T>(expression: string, call: string, options?: WaitOptions): Promise<T>
  /** Opens a page of the add-on in a new tab in front (where a real click lands), runs `run` with an evaluator in that tab, and closes it after. */
  inFrontAddonTab<T>(run: (evaluate: <R = unknown>(expression: string) => Promise<R>) => Promise<T>, options?: WaitOptions): Promise<T>
}
