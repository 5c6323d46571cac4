// "Click the extension icon" on extensions built the way real ones are: a many-coloured icon, a
// flat one-colour icon, no icon at all (Chrome's letter tile) and a localized name with no icon.
// Each is written to a temporary folder, loaded and pinned in a real Chromium at 1920×1080 and
// 1280×720; the offline model and the model double find the icon on a real frame, a real xdotool
// click lands on it, and CDP then lists the popup. Then three fixture extensions whose worker
// changes the icon once loaded (a badge, action.setIcon, action.disable()): the icon's pixels no
// longer match the manifest's and the click is aimed by the slot agentprobe pinned it in.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Brain } from '../fixtures/model-double/brain.ts'
import { colouredIcon, flatRedIcon } from '../fixtures/frames/toolbar-icons.ts'
import type { Turn } from '../src/core/model.ts'
import { readExtensionInfo } from '../src/browser-pool/extension-info.ts'
import { startBrowser, startDisplay, type DisplayHandle } from '../src/browser-pool/browser-session.ts'
import { Locator } from '../src/grounding/locate.ts'
import { OfflineModel } from '../src/models/offline/offline-model.ts'

interface Case {
  name: string
  manifest: object
  files: () => Promise<Record<string, string | Uint8Array>>
  /** How the step text must say the icon was found. */
  how: RegExp
}

const POPUP = '<!doctype html><title>Popup</title><body style="width:220px;font:16px sans-serif">The popup</body>'

const CASES: Case[] = [
  {
    name: 'coloured icon',
    manifest: { name: 'Coloured Icon', action: { default_popup: 'popup.html', default_icon: { 16: 'i16.png', 128: 'i128.png' } } },
    files: async () => ({ 'i16.png': await colouredIcon(16), 'i128.png': await colouredIcon() }),
    how: /^clicked the extension icon \(template match 0\.\d\d\)/,
  },
  {
    name: 'flat red square',
    manifest: { name: 'Flat Red', action: { default_popup: 'popup.html', default_icon: 'red.png' } },
    files: async () => ({ 'red.png': await flatRedIcon() }),
    how: /^clicked the extension icon \(colour match (1\.00|0\.9\d)\)/,
  },
  {
    name: 'no icon',
    manifest: { name: 'Plain Tool', action: { default_popup: 'popup.html' } },
    files: async () => ({}),
    how: /^clicked the extension icon \(the pinned slot right of the omnibox, just left of the extensions menu, layout 1\.00: no icon in the manifest\)/,
  },
  {
    name: 'localized name, no icon',
    manifest: { name: '__MSG_appName__', default_locale: 'en', action: { default_popup: 'popup.html' } },
    files: async () => ({ '_locales/en/messages.json': JSON.stringify({ appName: { message: 'Zebra Notes' } }) }),
    how: /the pinned slot .*: no icon in the manifest\)/,
  },
]

let root: string
const locator = new Locator()
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolbar-icon-'))
})
afterAll(async () => {
  await locator.close()
  await rm(root, { recursive: true, force: true })
})

async function writeExtension(c: Case, size: string): Promise<string> {
  const dir = join(root, `${c.name.replace(/\W+/g, '-')}-${size}`)
  const files = { 'manifest.json': JSON.stringify({ manifest_version: 3, version: '1.0', ...c.manifest }), 'popup.html': POPUP, ...(await c.files()) }
  for (const [path, data] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), data)
  }
  return dir
}

describe.each([
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
])('the toolbar icon at $width×$height', { timeout: 120_000 }, (size) => {
  let display: DisplayHandle
  beforeAll(async () => {
    display = await startDisplay({ size })
  })
  afterAll(() => display?.close())

  it.each(CASES)('$name: found, clicked for real, its popup opens', async (c) => {
    const dir = await writeExtension(c, `${size.width}`)
    const info = await readExtensionInfo(dir)
    const icon = info.iconPath ? new Uint8Array(await readFile(info.iconPath)) : undefined
    const browser = await startBrowser(display, { extension: dir, url: 'about:blank' })
    try {
      const frame = await browser.screen.capture()
      const turn: Turn = { runId: c.name, instruction: 'Click the extension icon', step: 1, maxSteps: 3, frame, screen: size, history: [] }
      const decision = await new OfflineModel({ locator, extensionIcon: icon, retries: 0 }).next(turn)
      expect(decision.text).toMatch(c.how)
      const click = decision.actions[0]
      if (click?.type !== 'click') throw new Error(`no click: ${decision.text}`)

      // The double finds the same place from the same pixels (enlarged to 1920 px wide, as it reads every screenshot).
      const move = await new Brain({ locator, extensionIcon: icon }).decide('Click the extension icon', await frame.png(), { done: 0, misses: 0 })
      const twin = move.kind === 'act' ? move.actions[0] : undefined
      if (twin?.type !== 'click') throw new Error(`the double did not click: ${JSON.stringify(move)}`)
      expect(Math.hypot(twin.x - click.x, twin.y - click.y)).toBeLessThanOrEqual(2)

      await browser.screen.perform(click)
      const popup = await browser.chrome.waitForTarget({ type: 'page', url: /popup\.html$/ }, { timeout: 10_000 })
      expect(popup.url).toContain(`chrome-extension://`)
      if (c.name.startsWith('localized')) expect(info.name).toBe('Zebra Notes')
    } finally {
      await browser.close()
    }
  })
})

const turnOn = (frame: Turn['frame'], runId: string): Turn => ({ runId, instruction: 'Click the extension icon', step: 1, maxSteps: 3, frame, screen: { width: frame.width, height: frame.height }, history: [] })
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/extensions')

describe('an icon its worker changed, at 1920×1080', { timeout: 60_000 }, () => {
  let display: DisplayHandle
  beforeAll(async () => {
    display = await startDisplay({ size: { width: 1920, height: 1080 } })
  })
  afterAll(() => display?.close())

  it.each([
    { fixture: 'badge-icon', opens: true },
    { fixture: 'runtime-icon', opens: true },
    { fixture: 'disabled-action', opens: false },
  ])('$fixture: the offline model clicks the pinned slot; popup opens: $opens', async ({ fixture, opens }) => {
    const dir = join(FIXTURES, fixture)
    const info = await readExtensionInfo(dir)
    const icon = new Uint8Array(await readFile(info.iconPath!))
    const browser = await startBrowser(display, { extension: dir, url: 'about:blank' })
    try {
      // The worker's onInstalled has run by the time the browser looks drawn; should the toolbar lag, look again (bounded).
      const model = new OfflineModel({ locator, extensionIcon: icon, retries: 0 })
      const changed = /the pinned slot right of the omnibox, just left of the extensions menu.*unlike the manifest\)/
      let decision = await model.next(turnOn(await browser.screen.capture(), fixture))
      for (let i = 0; i < 10 && opens && !changed.test(decision.text ?? ''); i++) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        decision = await model.next(turnOn(await browser.screen.capture(), fixture))
      }
      const click = decision.actions[0]
      if (click?.type !== 'click') throw new Error(`no click: ${decision.text}`)
      expect(Math.abs(click.x - 1770)).toBeLessThanOrEqual(2)
      expect(Math.abs(click.y - 64)).toBeLessThanOrEqual(4)
      if (opens) expect(decision.text).toMatch(changed)
      await browser.screen.perform(click)
      const popup = browser.chrome.waitForTarget({ type: 'page', url: /popup\.html$/ }, { timeout: opens ? 10_000 : 2_000 })
      if (opens) expect((await popup).url).toContain('chrome-extension://')
      else await expect(popup).rejects.toThrow(/no target matched .*popup\\\.html/)
    } finally {
      await browser.close()
    }
  })
})
