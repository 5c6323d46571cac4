// One raw WebDriver BiDi command over the session puppeteer-core holds, for what its Page API does
// not reach: Firefox's own scopes (`moz:scope: 'chrome'`), realms and contexts it does not list as
// pages. Only the launching process holds the session (Firefox serves one); workers relay to it.
import type { Browser as PuppeteerBrowser } from 'puppeteer-core'
import { TargetError, errorMessage } from '../../core/errors.ts'
import type { PipeCall } from '../chrome/endpoint.ts'

/** A BiDi command and its result: direct in the launching process, relayed from a worker. */
export type BidiCall = PipeCall

// puppeteer-core's BiDi browser keeps its connection (BidiConnection.send) on `connection`; its
// public types name the browser only, so the one property used is checked rather than assumed.
interface WithConnection {
  connection?: { send(method: string, params: Record<string, unknown>): Promise<{ result: unknown }> }
}

/** `browser`'s raw BiDi command channel; a TargetError naming the command when Firefox refuses it. */
export function bidiCallOf(browser: PuppeteerBrowser): BidiCall {
  const connection = (browser as unknown as WithConnection).connection
  if (typeof connection?.send !== 'function') throw new TargetError("puppeteer-core's WebDriver BiDi browser no longer exposes its connection: raw BiDi commands cannot be sent")
  return async <T>(method: string, params: Record<string, unknown> = {}) => {
    try {
      return (await connection.send(method, params)).result as T
    } catch (error) {
      throw new TargetError(`WebDriver BiDi ${method} failed: ${errorMessage(error).split('\n')[0]}`, { cause: error, context: { method } })
    }
  }
}
