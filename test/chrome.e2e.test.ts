// The Chromium launcher and the `chrome` CDP helpers against a real Chromium on a real Xvfb,
// with the sidepanel fixture extension loaded.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import CDP from 'chrome-remote-interface'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAgentprobeError } from '../src/core/errors.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { extensionIdForPath } from '../src/targets/chrome/extension-id.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'

const FIXTURE = fileURLToPath(new URL('../fixtures/extensions/sidepanel', import.meta.url))
const SIZE = { width: 1280, height: 720 }

// A private Xvfb on a display it picks itself (-displayfd), until src/targets/x11 takes over.
async function startXvfb(): Promise<{ display: string; stop: () => Promise<void> }> {
  const child = spawn('Xvfb', ['-screen', '0', `${SIZE.width}x${SIZE.height}x24`, '-nolisten', 'tcp', '-displayfd', '1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
  return {
    display: `:${chunk.toString().trim()}`,
    stop: async () => {
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    },
  }
}

// Live (non-zombie) processes whose command line names `dir`: every Chromium process carries --user-data-dir.
function processesUsing(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir)
      } catch {
        return false
      }
    })
    .map(Number)
}

function aborted(signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) return Promise.resolve(signal.reason)
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }))
}

let xvfb: Awaited<ReturnType<typeof startXvfb>>
beforeAll(async () => {
  xvfb = await startXvfb()
})
afterAll(async () => {
  await xvfb?.stop()
})

describe('with the sidepanel fixture loaded', () => {
  let chrome: ChromeProcess
  let helpers: ChromeHelpers

  beforeAll(async () => {
    chrome = await launchChrome({ display: xvfb.display, extensionDir: FIXTURE, size: SIZE })
    helpers = await ChromeHelpers.connect(chrome)
  })
  afterAll(async () => {
    await helpers?.close()
    await chrome?.close()
  })

  it('computes the extension ID that Chromium assigns', async () => {
    expect(chrome.extensionId).toBe(extensionIdForPath(realpathSync(FIXTURE)))
    const [worker] = await helpers.targets({ type: 'service_worker' })
    expect(worker?.url).toBe(`chrome-extension://${chrome.extensionId}/service-worker.js`)
    expect(helpers.extensionId).toBe(chrome.extensionId)
    expect(chrome.version).toMatch(/\d+\.\d+\.\d+\.\d+/)
  })

  it('lists the service worker as a target', async () => {
    const worker = await helpers.waitForTarget({ type: 'service_worker', url: /service-worker\.js$/ })
    expect(worker.url).toContain(`chrome-extension://${chrome.extensionId}/`)
  })

  it('evaluates in the service worker', async () => {
    await expect(helpers.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).resolves.toBe(chrome.extensionId)
    await expect(helpers.evaluate({ type: 'service_worker' }, 'chrome.storage.local.get("installedAt").then((v) => typeof v.installedAt)')).resolves.toBe(
      'number',
    )
  })

  it('wakes a stopped service worker to evaluate in it', async () => {
    const raw = await CDP({ port: chrome.port, target: chrome.webSocketUrl, local: true })
    try {
      const [page] = await helpers.targets({ type: 'page' })
      const { sessionId } = await raw.send('Target.attachToTarget', { targetId: page!.id, flatten: true })
      await raw.send('ServiceWorker.enable', undefined, sessionId)
      await raw.send('ServiceWorker.stopAllWorkers', undefined, sessionId)
    } finally {
      await raw.close()
    }
    await expect
      .poll(async () => (await helpers.targets({ type: 'service_worker' })).length, { timeout: 5000, interval: 20 })
      .toBe(0)
    await expect(helpers.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).resolves.toBe(chrome.extensionId)
  })

  it('opens an extension page and finds the popup button in it', async () => {
    const popup = await helpers.openExtensionPage('popup.html')
    expect(popup).toMatchObject({ type: 'page', url: `chrome-extension://${chrome.extensionId}/popup.html` })
    const text = await helpers.evaluate({ url: /popup\.html$/ }, `document.querySelector('button#open')?.textContent`)
    expect(text).toBe('Open Sidepanel')
  })

  it('closeTarget resolves once the browser no longer lists the target', async () => {
    // Target.closeTarget answers before the target leaves the list: a caller that took the next
    // tab from the list was once handed the one it had just closed.
    for (let i = 0; i < 8; i++) {
      const page = i % 2 === 0 ? await helpers.openExtensionPage('manifest.json') : await helpers.openPage('about:blank#closing')
      await helpers.closeTarget(page.id)
      expect((await helpers.targets()).map((t) => t.id)).not.toContain(page.id)
    }
  })

  it('rejects opening an extension page that does not exist', async () => {
    const error: unknown = await helpers.openExtensionPage('missing.html').catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_TARGET')
    expect(String(error)).toContain('missing.html')
  })

  it('surfaces an exception in the page as a TargetError with its text', async () => {
    await helpers.waitForTarget({ url: /popup\.html$/ })
    const error: unknown = await helpers
      .evaluate({ url: /popup\.html$/ }, `Promise.reject(new TypeError('agentprobe says no'))`)
      .catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_TARGET')
    expect(String(error)).toContain('TypeError: agentprobe says no')
  })

  it('waitForTarget fails with the targets it saw', async () => {
    const error: unknown = await helpers.waitForTarget({ type: 'page', url: /sidepanel\.html$/ }, { timeout: 300 }).catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_TARGET')
    expect(String(error)).toContain("{ type: 'page', url: /sidepanel\\.html$/ }")
    expect(String(error)).toContain(`chrome-extension://${chrome.extensionId}/popup.html`)
  })
})

describe('lifecycle', () => {
  it('answers evaluate in the service worker as soon as the launch resolves', async () => {
    // The worker is listed before its script has run; `chrome` is undefined there for a moment.
    const chrome = await launchChrome({ display: xvfb.display, extensionDir: FIXTURE, size: SIZE })
    const helpers = await ChromeHelpers.connect(chrome)
    try {
      await expect(helpers.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).resolves.toBe(chrome.extensionId)
    } finally {
      await helpers.close()
      await chrome.close()
    }
  })

  // Its wait for Chromium to drop the worker is bounded at 30 s by itself; the test's own bound must outlast it and the launch.
  it('says why a worker that throws at its top level cannot be reached: it never registered', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentprobe-throwing-worker-'))
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'Throws', version: '1', background: { service_worker: 'sw.js' } }))
    // It runs a second before the throw, so the launch sees it listed even on a loaded machine
    // (the launcher polls for the worker, and one that throws at once can come and go between polls).
    await writeFile(join(dir, 'sw.js'), 'for (const end = Date.now() + 1000; Date.now() < end; );\nchrome.action.onClicked.addListener(() => {}) // no "action" in the manifest: a TypeError')
    const chrome = await launchChrome({ display: xvfb.display, extensionDir: dir, size: SIZE })
    const helpers = await ChromeHelpers.connect(chrome)
    try {
      // It runs for a moment after the throw; then Chromium drops it, with nothing left to wake.
      for (let i = 0; i < 300 && (await helpers.targets({ type: 'service_worker' })).length > 0; i++) await new Promise((r) => setTimeout(r, 100))
      const error = await helpers.evaluate({ type: 'service_worker' }, 'chrome.runtime.id', { timeout: 2000 }).catch((e: unknown) => e)
      expect(String(error)).toMatch(/no target matched \{ type: 'service_worker' \}.*\n[^]*was woken and did not start: an error at its top level stops it from registering/)
    } finally {
      await helpers.close()
      await chrome.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('aborts `signal` with AGENTPROBE_TARGET_CRASHED when Chromium is killed', async () => {
    const chrome = await launchChrome({ display: xvfb.display, extensionDir: FIXTURE, size: SIZE })
    const helpers = await ChromeHelpers.connect(chrome)
    try {
      expect(helpers.signal.aborted).toBe(false)
      process.kill(chrome.pid, 'SIGKILL')
      const reason = await aborted(helpers.signal)
      expect(isAgentprobeError(reason) && reason.code).toBe('AGENTPROBE_TARGET_CRASHED')
      const processReason = await aborted(chrome.signal)
      expect(isAgentprobeError(processReason) && processReason.code).toBe('AGENTPROBE_TARGET_CRASHED')
      await expect(helpers.targets()).rejects.toMatchObject({ code: 'AGENTPROBE_TARGET_CRASHED' })
    } finally {
      await helpers.close()
      await chrome.close()
    }
    expect(processesUsing(chrome.userDataDir)).toEqual([])
    expect(existsSync(chrome.userDataDir)).toBe(false)
  })

  it('close() removes the profile, leaves no Chromium process and is no crash', async () => {
    const chrome = await launchChrome({ display: xvfb.display, extensionDir: FIXTURE, size: SIZE })
    const helpers = await ChromeHelpers.connect(chrome)
    expect(processesUsing(chrome.userDataDir).length).toBeGreaterThan(1)
    expect(existsSync(join(chrome.userDataDir, 'Default', 'Preferences'))).toBe(true)
    await chrome.close()
    // The browser connection is gone now; the helpers learn it on their next call.
    await expect(helpers.targets()).rejects.toThrow()
    expect(helpers.signal.aborted).toBe(false)
    expect(chrome.signal.aborted).toBe(false)
    await helpers.close()
    expect(processesUsing(chrome.userDataDir)).toEqual([])
    expect(existsSync(chrome.userDataDir)).toBe(false)
  })

  it('reports a Chromium that exits during start with the tail of its stderr', async () => {
    const error: unknown = await launchChrome({ display: ':31999', size: SIZE, timeout: 20_000 }).catch((e: unknown) => e)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_TARGET')
    expect(String(error)).toContain('exited during start')
    expect(String(error)).toMatch(/Missing X server|cannot open display/i)
  })
})

describe('a bad extension folder is a ConfigError naming it', () => {
  let dir: string
  beforeAll(async () => {
    dir = realpathSync(await mkdtemp(join(tmpdir(), 'agentprobe-bad-extension-')))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  async function launchError(extensionDir: string): Promise<unknown> {
    return launchChrome({ display: xvfb.display, extensionDir, size: SIZE }).catch((e: unknown) => e)
  }

  it('when the folder is missing', async () => {
    const missing = join(dir, 'does-not-exist')
    const error = await launchError(missing)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain(missing)
  })

  it('when manifest.json is missing', async () => {
    const empty = join(dir, 'empty')
    await mkdir(empty)
    const error = await launchError(empty)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain(join(empty, 'manifest.json'))
  })

  it('when manifest.json is not valid JSON', async () => {
    const broken = join(dir, 'broken')
    await mkdir(broken)
    await writeFile(join(broken, 'manifest.json'), '{ "manifest_version": 3,')
    const error = await launchError(broken)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain(join(broken, 'manifest.json'))
  })

  it('when the declared service worker file is missing', async () => {
    const noWorker = join(dir, 'no-worker')
    await mkdir(noWorker)
    await writeFile(join(noWorker, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'x', version: '1', background: { service_worker: 'sw.js' } }))
    const error = await launchError(noWorker)
    expect(isAgentprobeError(error) && error.code).toBe('AGENTPROBE_CONFIG')
    expect(String(error)).toContain(join(noWorker, 'sw.js'))
  })
})
