// Opens a report in a real headless Chromium and drives it over CDP: evaluate, click with real
// mouse events, screenshot. Network is off, so anything the page needed from outside would fail.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import CDP from 'chrome-remote-interface'
import { findBrowser } from '../../src/targets/chrome/find-browser.ts'
import { waitForDevToolsPort } from '../../src/targets/chrome/devtools-port.ts'

export interface HeadlessPage {
  evaluate<T>(expression: string): Promise<T>
  /** Clicks the centre of the first element matching the selector with real mouse events. */
  click(selector: string): Promise<void>
  screenshot(path: string): Promise<void>
  /** URLs the page requested. */
  requests: string[]
  close(): Promise<void>
}

/** Every exchange with the browser has its own deadline, so one that never answers is named, not left to the test's timeout. */
const STEP_MS = 30_000

async function within<T>(what: string, step: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`headless Chromium: no answer within ${STEP_MS / 1000} s ${what}`)), STEP_MS)
  })
  return Promise.race([step, deadline]).finally(() => clearTimeout(timer))
}

export async function openInHeadlessChromium(file: string, size = { width: 1280, height: 1600 }): Promise<HeadlessPage> {
  const profile = await mkdtemp(join(tmpdir(), 'agentprobe-report-view-'))
  const chromium = spawn(await findBrowser(), [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', `--user-data-dir=${profile}`, '--remote-debugging-port=0', `--window-size=${size.width},${size.height}`, 'about:blank',
  ], { stdio: 'ignore', detached: true })
  const close = async () => {
    if (chromium.exitCode === null) {
      const exited = once(chromium, 'exit')
      process.kill(-chromium.pid!, 'SIGKILL')
      await exited
    }
    await rm(profile, { recursive: true, force: true })
  }
  try {
    const { port } = await waitForDevToolsPort(profile, { timeout: 30_000 })
    const client = await within('connecting over CDP', CDP({ port }))
    const { Page, Runtime, Network, Input, Emulation } = client
    const requests: string[] = []
    Network.requestWillBeSent(({ request }) => requests.push(request.url))
    await within('setting the page up', Promise.all([Page.enable(), Runtime.enable(), Network.enable()]))
    await within('going offline', Network.emulateNetworkConditions({ offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }))
    await within('sizing the page', Emulation.setDeviceMetricsOverride({ ...size, deviceScaleFactor: 1, mobile: false }))
    const loaded = Page.loadEventFired()
    await within(`navigating to ${file}`, Page.navigate({ url: pathToFileURL(file).href }))
    await within(`loading ${file}`, loaded)
    const evaluate = async <T,>(expression: string): Promise<T> => {
      const { result, exceptionDetails } = await within(`evaluating ${expression.replace(/\s+/g, ' ').slice(0, 160)}`, Runtime.evaluate({ expression, returnByValue: true, awaitPromise: true }))
      if (exceptionDetails) throw new Error(`page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`)
      return result.value as T
    }
    return {
      evaluate,
      requests,
      async click(selector) {
        const box = await evaluate<{ x: number; y: number } | null>(`(() => {
          const el = document.querySelector(${JSON.stringify(selector)}); if (!el) return null
          el.scrollIntoView({ block: 'center' }); const r = el.getBoundingClientRect()
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 } })()`)
        if (!box) throw new Error(`no element matches ${selector}`)
        for (const type of ['mousePressed', 'mouseReleased'] as const) await within(`clicking ${selector}`, Input.dispatchMouseEvent({ type, ...box, button: 'left', clickCount: 1 }))
      },
      async screenshot(path) {
        const { data } = await within('taking a screenshot', Page.captureScreenshot({ format: 'png' }))
        await writeFile(path, Buffer.from(data, 'base64'))
      },
      async close() {
        await client.close().catch(() => undefined)
        await close()
      },
    }
  } catch (error) {
    await close()
    throw error
  }
}
