// Keyboard commands on real Chromium: the keys Chrome assigned (and why a suggested key was not),
// pressed as real X11 keys: a command reaches the worker, `_execute_action` opens the popup.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'

const FIXTURE = fileURLToPath(new URL('../fixtures/extensions/shortcuts', import.meta.url))

let screen: X11Screen
let chrome: ChromeProcess
let helpers: ChromeHelpers
let rival: string
const worker = () => ({ type: 'service_worker', url: `chrome-extension://${chrome.extensionId}/` })
const stamps = () => helpers.evaluate<Record<string, number>>(worker(), "chrome.storage.local.get('stamps').then((s) => s.stamps ?? {})")

beforeAll(async () => {
  screen = await X11Screen.start({ width: 1280, height: 720 })
  // Over the pipe, so a second extension can be installed after ours.
  chrome = await launchChrome({ display: screen.display, extensionDir: FIXTURE, size: screen.size, extensionLoading: 'pipe' })
  helpers = await ChromeHelpers.connect(chrome)
})

afterAll(async () => {
  await helpers?.close()
  await chrome?.close()
  await screen?.close()
  if (rival) await rm(rival, { recursive: true, force: true })
})

it("lists the manifest's commands with the keys Chrome assigned, and why the others have none", async () => {
  const commands = await helpers.commands()
  expect(commands).toEqual([
    { name: '_execute_action', description: 'Open the Key Stamper popup', shortcut: 'Ctrl+Shift+Y', suggested: 'Ctrl+Shift+Y' },
    {
      name: 'new-tab-clash',
      description: "Suggests the browser's own new-tab key",
      shortcut: '',
      suggested: 'Ctrl+T',
      unassigned: 'Chrome did not assign its suggested Ctrl+T: no extension holds it, so the browser keeps it for one of its own shortcuts',
    },
    { name: 'stamp', description: 'Add one stamp', shortcut: 'Alt+Shift+K', suggested: 'Alt+Shift+K' },
    { name: 'unbound', description: 'Suggests no key', shortcut: '', unassigned: 'the manifest suggests no key for it (a user sets one in chrome://extensions/shortcuts)' },
  ])
  // The helper's tabs open behind the active one and are closed again.
  expect((await helpers.targets({ type: 'page' })).map((p) => p.url)).toEqual(['about:blank'])
})

it('a shortcut pressed as real keys reaches the worker', async () => {
  const keys = await helpers.shortcut('stamp')
  expect(keys).toBe('alt+shift+k')
  await screen.perform({ type: 'keypress', keys: [keys] })
  await expect.poll(stamps, { timeout: 5000 }).toEqual({ stamp: 1 })
})

it("_execute_action's shortcut opens the popup", async () => {
  const keys = await helpers.shortcut('_execute_action')
  expect(keys).toBe('ctrl+shift+y')
  await screen.perform({ type: 'keypress', keys: [keys] })
  const popup = await helpers.waitForTarget({ type: 'page', url: /popup\.html$/ })
  await expect.poll(() => helpers.evaluate({ url: popup.url }, "document.getElementById('stamps').textContent")).toBe('Stamps: 1')
  await screen.perform({ type: 'keypress', keys: ['escape'] })
  // _execute_action is no command event: the worker saw only the stamp.
  expect(await stamps()).toEqual({ stamp: 1 })
})

it('a command without a key says why, and an unknown one lists the names', async () => {
  await expect(helpers.shortcut('new-tab-clash')).rejects.toThrow("chrome.shortcut('new-tab-clash'): the command has no key: Chrome did not assign its suggested Ctrl+T")
  await expect(helpers.shortcut('stamp-page')).rejects.toThrow("the manifest declares no such command; its commands: '_execute_action', 'new-tab-clash', 'stamp', 'unbound'")
})

it('a suggested key another extension holds is not assigned, and the holder is named', async () => {
  rival = await mkdtemp(join(tmpdir(), 'agentprobe-rival-'))
  await writeFile(join(rival, 'manifest.json'), JSON.stringify({
    manifest_version: 3, name: 'Rival Keys', version: '1.0', background: { service_worker: 'worker.js' },
    commands: { grab: { suggested_key: { default: 'Alt+Shift+K' }, description: 'Wants the same key' } },
  }))
  await writeFile(join(rival, 'worker.js'), '')
  const id = await chrome.loadUnpacked(rival)
  const other = await ChromeHelpers.connect({ ...chrome, extensionId: id })
  try {
    expect(await other.commands()).toEqual([{
      name: 'grab', description: 'Wants the same key', shortcut: '', suggested: 'Alt+Shift+K',
      unassigned: "its suggested Alt+Shift+K is held by the extension 'Key Stamper' (command 'stamp'), so Chrome did not assign it",
    }])
  } finally {
    await other.close()
  }
})
