// The offline grammar on a real Chromium where browser chrome and the extension show the same
// label: a small extension written here, whose own page is titled "Open side panel" (so the tab
// strip reads it) and has a button "Open side panel" that opens its side panel, which has a button
// of that name too. Real xdotool input, real OCR; what happened is read back over CDP.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowser, startDisplay, type StartedBrowser, type DisplayHandle } from '../../src/browser-pool/browser-session.ts'
import { Locator } from '../../src/grounding/locate.ts'
import { OfflineModel } from '../../src/models/offline/offline-model.ts'
import { runAgentOnce, type Run, type Target } from './support.ts'

const FILES: Record<string, string> = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'Same Label',
    version: '1.0',
    permissions: ['sidePanel'],
    side_panel: { default_path: 'panel.html' },
    action: {},
  }),
  'page.html': `<!doctype html><title>Open side panel</title><body style="font:16px DejaVu Sans,sans-serif;margin:40px">
<h2 id="heading">Reading list</h2><p>Open the panel to see your saved pages.</p>
<button id="open" style="font:16px DejaVu Sans;padding:10px 20px">Open side panel</button><script src="page.js"></script></body>`,
  'page.js': `window.events = []
const heading = document.getElementById('heading')
heading.addEventListener('contextmenu', () => events.push('contextmenu'))
heading.addEventListener('dblclick', () => events.push('dblclick'))
document.getElementById('open').addEventListener('click', async () => {
  events.push('page button')
  const win = await chrome.windows.getCurrent()
  await chrome.sidePanel.open({ windowId: win.id })
})`,
  'panel.html': `<!doctype html><title>Panel</title><body style="font:16px DejaVu Sans,sans-serif;margin:16px">
<h1 style="font-size:24px">Saved pages</h1><p>Nothing saved yet.</p>
<button id="open" style="font:16px DejaVu Sans;padding:8px 16px">Open side panel</button><script src="panel.js"></script></body>`,
  'panel.js': `window.clicks = 0
document.getElementById('open').addEventListener('click', () => { clicks++ })`,
}

const PAGE = { type: 'page', url: /\/page\.html$/ }
const PANEL = { type: 'page', url: /\/panel\.html$/ }

let display: DisplayHandle
let browser: StartedBrowser
let target: Target
const locator = new Locator()
const model = new OfflineModel({ locator })

beforeAll(async () => {
  const extension = await mkdtemp(join(tmpdir(), 'agentprobe-same-label-'))
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(extension, name), text)
  display = await startDisplay({ size: { width: 1920, height: 1080 } })
  browser = await startBrowser(display, { extension })
  // runAgentOnce needs only the display, the browser and the locator; this file never resets it.
  const never = () => Promise.resolve()
  target = { display, browser, locator, reset: never, close: never }
  const [tab] = await browser.chrome.targets({ type: 'page' })
  await browser.chrome.navigate(tab!.id, `chrome-extension://${browser.chrome.extensionId}/page.html`)
  // The load event comes before the page is drawn: on loaded cores the first step once saw the tab's
  // title and a blank page, and rightly clicked the only 'Open side panel' there was. Start when the
  // page's button is on screen.
  const drawn = performance.now() + 30_000
  while (!(await locator.locate(await display.screen.capture(), { text: 'Open side panel', within: 'page' })).located) {
    if (performance.now() > drawn) throw new Error('the test page was not drawn within 30 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await locator.close()
  await display?.close()
})

/** Every step's text in a run, for "what did it say it did". */
function said(run: Run): string {
  return run.trace.runs.flatMap((r) => r.steps.map((s) => s.text ?? '')).join('\n')
}

function run(instruction: string): Promise<Run> {
  return runAgentOnce(target, model, { instruction, maxSteps: 6 })
}

describe('a label shown by browser chrome and by the extension, on real Chromium 156', () => {
  it("clicks the page's 'Open side panel', not the tab title that reads the same, and says so", async () => {
    const r = await run("Click 'Open side panel'.")
    expect(r.error?.message, said(r)).toBeUndefined()
    expect(said(r)).toContain("'Open side panel' is on screen twice; took the one in the page, not the toolbar")
    await browser.chrome.waitForTarget(PANEL, { timeout: 5000 })
    expect(await browser.chrome.evaluate(PAGE, 'events')).toEqual(['page button'])
  })

  it('clicks the copy in the side panel when told to, and not the page one', async () => {
    const r = await run("Click the 'Open side panel' button in the side panel.")
    expect(r.error?.message, said(r)).toBeUndefined()
    expect(said(r)).toContain("clicked 'Open side panel' in the side panel at")
    expect(await browser.chrome.evaluate(PANEL, 'clicks')).toBe(1)
    expect(await browser.chrome.evaluate(PAGE, 'events')).toEqual(['page button'])
  })

  it('right-clicks and double-clicks the heading on the page', async () => {
    const right = await run("Right-click the 'Reading list' heading, then press Escape.")
    expect(right.error?.message, said(right)).toBeUndefined()
    const double = await run("Double-click the 'Reading list' heading on the page.")
    expect(double.error?.message, said(double)).toBeUndefined()
    expect(await browser.chrome.evaluate(PAGE, 'events')).toEqual(['page button', 'contextmenu', 'dblclick'])
  })

  it('selects text in the side panel by dragging across it', async () => {
    const r = await run("Select the text 'Nothing saved yet' in the side panel.")
    expect(r.error?.message, said(r)).toBeUndefined()
    expect(await browser.chrome.evaluate(PANEL, 'getSelection().toString()')).toMatch(/^Nothing saved yet\.?$/)
  })

  it('fails a label looked for where it is not, naming the region and where it is instead', async () => {
    const r = await run("Click 'Nothing saved yet' on the page.")
    expect(r.error).toBeDefined()
    expect(said(r)).toMatch(/could not find 'Nothing saved yet' in the page \(0, \d+\)–\(\d+, 1080\); it is in the side panel at/)
  })
})
