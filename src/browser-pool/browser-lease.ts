// The worker's end of the browser pool: lease this slot's display and browser from the main
// process, then see the display and drive the browser from here.
import { AgentprobeError, type ErrorCode } from '../core/errors.ts'
import type { BrowserHandle } from './browser-session.ts'
import type { Lease } from './browser-pool.ts'
import { ChromeHelpers } from '../targets/chrome/cdp.ts'
import { X11Screen } from '../targets/x11/x11-screen.ts'

export interface LeasedBrowser extends BrowserHandle {
  lease: Lease
}

export async function leaseBrowser(poolUrl: string, slot: string, extension: string | undefined): Promise<LeasedBrowser> {
  const res = await fetch(`${poolUrl}/lease`, { method: 'POST', body: JSON.stringify({ slot, extension }) })
  const body = (await res.json()) as Lease | { code?: ErrorCode; message: string }
  if (!res.ok) {
    const { code, message } = body as { code?: ErrorCode; message: string }
    throw new AgentprobeError(code ?? 'AGENTPROBE_TARGET', message)
  }
  const lease = body as Lease
  const screen = await X11Screen.attach({ display: lease.display, framebufferPath: lease.framebufferPath })
  const chrome = await ChromeHelpers.connect(lease.endpoint)
  return {
    lease,
    screen,
    chrome,
    versions: lease.versions,
    // The pool owns the browser and the display: a worker only lets go of its connections.
    async close() {
      await chrome.close().catch(() => undefined)
      await screen.close()
    },
  }
}
