// The calls a browser-surface module (trigger-action, worker-lifecycle, context-menu…) makes on the
// `chrome` fixture. ChromeHelpers implements it and delegates to those modules, so they name this
// interface instead of importing ChromeHelpers back (no import circle).
import type { TargetFilter, TargetInfo } from './match-target.ts'

export interface WaitOptions {
  /** ms (default 5000). */
  timeout?: number
  signal?: AbortSignal
}

export interface EvaluateOptions extends WaitOptions {
  /** Run as if from a user gesture, for APIs that demand one (chrome.sidePanel.open, action.openPopup). */
  userGesture?: boolean
}

/** A flat session on one target: its commands, and its events while the session lasts. */
export interface TargetSession {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>
  on(event: string, handler: (params: unknown) => void): () => void
}

/** What ChromeHelpers offers the modules it delegates to. */
export interface ChromeCalls {
  readonly extensionId: string | undefined
  readonly signal: AbortSignal
  targets(filter?: TargetFilter): Promise<TargetInfo[]>
  waitForTarget(filter: TargetFilter, options?: WaitOptions): Promise<TargetInfo>
  evaluate<T = unknown>(filter: TargetFilter, expression: string, options?: EvaluateOptions): Promise<T>
  pipe<T = unknown>(method: string, params?: Record<string, unknown>, options?: WaitOptions): Promise<T>
  session<T>(targetId: string, run: (session: TargetSession) => Promise<T>, options?: WaitOptions): Promise<T>
}
