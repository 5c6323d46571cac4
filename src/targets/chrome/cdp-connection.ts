// One browser-wide DevTools WebSocket with the plumbing every helper needs: calls that fail as
// named TargetErrors (or as the crash, once the browser is gone), flat sessions to reach a page
// or worker without another socket, and the crash signal itself.
import type { EventEmitter } from 'node:events'
import CDP from 'chrome-remote-interface'
import { raceAbort } from '../../core/abort.ts'
import { TargetError, errorMessage, isAgentprobeError } from '../../core/errors.ts'
import type { ChromeEndpoint } from './endpoint.ts'

export class CdpConnection {
  /** Aborted with a TargetError coded AGENTPROBE_TARGET_CRASHED when the browser dies or the socket drops. */
  readonly signal: AbortSignal
  readonly #client: CDP.Client
  readonly #dropped = new AbortController()
  #closed = false

  private constructor(endpoint: ChromeEndpoint, client: CDP.Client) {
    this.#client = client
    this.signal = endpoint.signal === undefined ? this.#dropped.signal : AbortSignal.any([this.#dropped.signal, endpoint.signal])
    client.on('disconnect', () => {
      if (this.#closed || endpoint.closing === true) return
      const message = `the DevTools connection to Chromium (${endpoint.webSocketUrl}) dropped`
      this.#dropped.abort(new TargetError(message, { code: 'AGENTPROBE_TARGET_CRASHED', context: { port: endpoint.port } }))
    })
  }

  static async open(endpoint: ChromeEndpoint): Promise<CdpConnection> {
    try {
      const client = await CDP({ host: '127.0.0.1', port: endpoint.port, target: endpoint.webSocketUrl, local: true })
      return new CdpConnection(endpoint, client)
    } catch (error) {
      throw new TargetError(`could not connect to Chromium's DevTools at ${endpoint.webSocketUrl}: ${errorMessage(error)}`, { cause: error })
    }
  }

  /** Runs one CDP call; a failure is a TargetError naming `method`, or the crash when the browser died. */
  async call<T>(method: string, run: (client: CDP.Client) => Promise<T>): Promise<T> {
    try {
      this.signal.throwIfAborted()
      return await raceAbort(run(this.#client), this.signal)
    } catch (error) {
      if (this.signal.aborted) throw this.signal.reason
      if (isAgentprobeError(error)) throw error
      throw new TargetError(`CDP ${method} failed: ${errorMessage(error)}`, { cause: error, context: { method } })
    }
  }

  /** Attaches a flat session to `targetId` for the duration of `run`. */
  async inSession<T>(targetId: string, run: (sessionId: string) => Promise<T>): Promise<T> {
    const { sessionId } = await this.call('Target.attachToTarget', (c) => c.send('Target.attachToTarget', { targetId, flatten: true }))
    try {
      return await run(sessionId)
    } finally {
      // The target may be gone by now (e.g. the evaluated code closed it).
      await this.#client.send('Target.detachFromTarget', { sessionId }).catch(() => undefined)
    }
  }

  /**
   * Resolves once the session's target has a JavaScript context. A worker is listed before its
   * script runs, and evaluated then, `chrome` is not defined yet; its context is reported (at once
   * on Runtime.enable when it exists, else when created) only when its global scope is set up.
   */
  async contextReady(sessionId: string): Promise<void> {
    let stop = (): unknown => undefined
    const created = new Promise<void>((resolve) => {
      stop = this.#client.Runtime.executionContextCreated((_, from) => from === sessionId && resolve())
    })
    try {
      await this.call('Runtime.enable', (c) => c.send('Runtime.enable', undefined, sessionId))
      await raceAbort(created, this.signal)
    } finally {
      stop()
    }
  }

  /** Calls `handler` with each `event` (e.g. 'ServiceWorker.workerVersionUpdated') of one session; returns the unsubscribe. */
  on(event: string, sessionId: string, handler: (params: unknown) => void): () => void {
    const name = `${event}.${sessionId}`
    const listener = (params: object) => handler(params)
    this.#client.on(name, listener)
    return () => (this.#client as unknown as EventEmitter).off(name, listener)
  }

  /** Closes the socket; a disconnect from now on is no crash. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#client.close()
  }
}
