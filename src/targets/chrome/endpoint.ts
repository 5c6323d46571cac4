// What the CDP helpers need to reach a browser; a launched ChromeProcess is one, and so could be
// a browser someone else started.
export interface ChromeEndpoint {
  /** The DevTools HTTP/WebSocket port on 127.0.0.1. */
  readonly port: number
  /** The browser-wide DevTools WebSocket, ws://127.0.0.1:<port>/devtools/browser/<uuid>. */
  readonly webSocketUrl: string
  readonly version: string
  /** The loaded unpacked extension's ID, when there is one. */
  readonly extensionId?: string | undefined
  /** The folder of the build under test, which update() installs. */
  readonly extensionPath?: string | undefined
  /** Aborted, with a TargetError coded AGENTPROBE_TARGET_CRASHED, when the browser dies unexpectedly. */
  readonly signal?: AbortSignal | undefined
  /** True once an orderly shutdown has begun: a dropped connection is then no crash. */
  readonly closing?: boolean | undefined
  /** The X display the browser draws on: Chrome's own prompts take only real input. */
  readonly display?: string | undefined
  /** The browser's profile folder, for what Chrome keeps only there (the extension's registered context-menu items). */
  readonly userDataDir?: string | undefined
  /** A browser-level call over the DevTools pipe, for the methods a WebSocket refuses (Extensions.*). */
  readonly pipe?: PipeCall | undefined
}

/** One browser-level CDP call over --remote-debugging-pipe: direct in the process that owns it, relayed elsewhere. */
export type PipeCall = <T = unknown>(method: string, params?: Record<string, unknown>) => Promise<T>
