// The worker's end of the browser pool: lease this slot's display and browser from the main
// process, then see the display and drive the browser from here.
import { request } from 'node:http'
import { AgentprobeError, type ErrorCode } from '../core/errors.ts'
import { warnUnlessDrawn } from './browser-drawn.ts'
import type { BrowserHandle } from './browser-session.ts'
import type { Lease } from './browser-pool.ts'
import type { ChromeHelpers } from '../targets/chrome/cdp.ts'
import type { ChromeFixture } from '../targets/browser.ts'
import type { PipeCall } from '../targets/chrome/endpoint.ts'
import { connectBrowser } from '../targets/browsers.ts'
import { X11Screen } from '../targets/x11/x11-screen.ts'

export interface LeasedBrowser extends BrowserHandle {
  lease: Lease
  /** Chromium's CDP helpers, for what only Chromium offers; undefined on Firefox. */
  chrome: ChromeHelpers | undefined
  /** The `chrome` fixture: Chromium's CDP helpers, or Firefox's over WebDriver BiDi. */
  requireChrome(): ChromeFixture
}

export async function leaseBrowser(poolUrl: string, slot: string, extension: string | undefined): Promise<LeasedBrowser> {
  const lease = await postToPool<Lease>(poolUrl, '/lease', { slot, extension })
  const screen = await X11Screen.attach({ display: lease.display, size: lease.size, framebufferPath: lease.framebufferPath })
  // Browser-level calls (Chromium's DevTools pipe, Firefox's BiDi session) stay with the main process: they are relayed there.
  const relay: PipeCall = (method, params) => postToPool(poolUrl, '/pipe', { slot, method, params })
  const toolbarDrawn = () => warnUnlessDrawn(screen, { pinnedIcon: lease.endpoint.extensionId !== undefined, scale: lease.deviceScaleFactor })
  const connection = await connectBrowser(lease.endpoint, { display: lease.display, relay, toolbarDrawn })
  return {
    lease,
    screen,
    chrome: connection.chrome,
    requireChrome: () => connection.requireChrome(),
    signal: connection.signal,
    versions: lease.versions,
    // The pool owns the browser and the display: a worker lets go of its connections, then of the
    // slot, which the pool resets for the next file while that file's worker starts.
    async close() {
      await connection.close().catch(() => undefined)
      await screen.close()
      await postToPool(poolUrl, '/release', { slot }).catch(() => undefined)
    },
  }
}

// A failure comes back with its code, so it is thrown here as the same kind of error.
async function postToPool<T>(poolUrl: string, path: string, request: Record<string, unknown>): Promise<T> {
  const { status, text } = await post(`${poolUrl}${path}`, JSON.stringify(request))
  const body = JSON.parse(text) as T | { code?: ErrorCode; message: string }
  if (status >= 200 && status < 300) return body as T
  const { code, message } = body as { code?: ErrorCode; message: string }
  throw new AgentprobeError(code ?? 'AGENTPROBE_TARGET', message)
}

/**
 * node:http rather than fetch: a worker process lives for one test file, and its first fetch loads
 * undici (~20 ms of CPU and of the file's wall time, measured), where http is loaded already.
 */
function post(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}
