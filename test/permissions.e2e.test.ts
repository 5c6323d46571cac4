// Optional permissions on real Chromium: the popup's request raises Chrome's own prompt, which the
// offline model reads and answers by its drawn labels; chrome.permissions() reports the outcome,
// and a test sets its start state with grantPermissions / revokePermissions.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { waitForBrowserDrawn } from '../src/browser-pool/browser-drawn.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'
import { pollUntil } from '../src/targets/chrome/poll.ts'
import { resetBrowserState } from '../src/targets/chrome/reset-browser.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'
import { Locator } from '../src/grounding/locate.ts'
import { OfflineModel } from '../src/models/offline/offline-model.ts'

const FIXTURE = fileURLToPath(new URL('../fixtures/extensions/optional-permissions', import.meta.url))
const ASKED = { permissions: ['bookmarks'], origins: ['https://example.com/*'] }
const NONE = { permissions: [], origins: [] }

let process: ChromeProcess
let browser: { screen: X11Screen; chrome: ChromeHelpers }
let model: OfflineModel
let runs = 0
const locator = new Locator()
const popup = { type: 'page', url: /popup\.html$/ }

beforeAll(async () => {
  const screen = await X11Screen.start({ width: 1280, height: 720 })
  process = await launchChrome({ display: screen.display, extensionDir: FIXTURE, size: screen.size })
  browser = { screen, chrome: await ChromeHelpers.connect(process) }
  await waitForBrowserDrawn(screen, { pinnedIcon: true })
  model = new OfflineModel({ locator, extensionIcon: new Uint8Array(await readFile(`${FIXTURE}/icons/128.png`)), retries: 0 })
})

afterAll(async () => {
  await locator.close()
  await browser?.chrome.close()
  await process?.close()
  await browser?.screen.close()
})

/** One grammar step of the offline model on a fresh frame, performed with real input; a label not read yet is looked for on up to two more frames. */
async function act(instruction: string): Promise<void> {
  for (let look = 1; ; look++) {
    const frame = await browser.screen.capture()
    const decision = await model.next({ runId: String(runs++), instruction, step: 1, maxSteps: 2, frame, screen: browser.screen.size, history: [] })
    if (decision.actions.length > 0) {
      for (const action of decision.actions) await browser.screen.perform(action)
      return
    }
    if (look === 3) throw new Error(`"${instruction}": ${decision.text}`)
    await new Promise((done) => setTimeout(done, 500))
  }
}

/** Waits until OCR reads `label` on the screen; returns all the text it read. */
function waitForText(label: string): Promise<string> {
  return pollUntil(
    async () => {
      const frame = await browser.screen.capture()
      const found = await locator.locate(frame, { text: label })
      return found.located ? found.seen : undefined
    },
    () => new Error(`'${label}' never appeared on screen`),
    { timeout: 8000, interval: 200 },
  )
}

async function openPopup(): Promise<string> {
  await act('Click the extension icon')
  await browser.chrome.waitForTarget(popup)
  return pollUntil(
    async () => {
      const status = await browser.chrome.evaluate<string | undefined>(popup, "document.getElementById('status')?.textContent")
      return status === 'Checking access' || status === undefined ? undefined : status
    },
    () => new Error('the popup never said whether it has access'),
    { timeout: 5000, interval: 100 },
  )
}

async function askFromPopup(): Promise<string> {
  await openPopup()
  await act("Click 'Grant access'")
  const seen = await waitForText('Allow')
  // The popup loses focus to the prompt and closes: its request's promise never settles there.
  expect(await browser.chrome.targets(popup)).toEqual([])
  return seen
}

/**
 * Escape on the popup, and its target gone: a click on the icon that Chrome takes before the Escape
 * (a loaded machine) finds the popup open and closes it instead of opening it.
 */
async function closePopup(): Promise<void> {
  await browser.screen.perform({ type: 'keypress', keys: ['escape'] })
  await pollUntil(async () => ((await browser.chrome.targets(popup)).length === 0 ? true : undefined), () => new Error('the popup stayed open after Escape'), { timeout: 5000, interval: 100 })
}

const promptGone = async () => ((await locator.locate(await browser.screen.capture(), { text: 'Allow' })).located ? undefined : true)

/**
 * Clicks a button of the prompt by its label and waits for the prompt to go. Chrome ignores a click
 * that lands while the prompt is still opening (its guard against click-jacking), as a person would
 * then click again: so does this, once.
 */
async function answer(label: 'Allow' | 'Deny'): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await act(`Click '${label}'`)
    try {
      return void (await pollUntil(promptGone, () => new Error(`the prompt stayed after clicking '${label}' ${attempt === 1 ? 'once' : 'twice'}`), { timeout: 5000, interval: 200 }))
    } catch (error) {
      if (attempt === 2) throw error
    }
  }
}

it('starts with no optional permission granted (and, with no `commands` in its manifest, no commands)', async () => {
  expect(await browser.chrome.permissions()).toEqual(NONE)
  expect(await browser.chrome.commands()).toEqual([])
})

it("the popup's request raises Chrome's prompt; 'Deny' clicked by label leaves nothing granted", async () => {
  const seen = await askFromPopup()
  expect(seen).toContain('Bookmark Peek')
  expect(seen).toContain('Read and change your bookmarks')
  expect(seen).toContain('Read and change your data on example.com')
  expect(seen).toContain('Deny')
  await answer('Deny')
  expect(await browser.chrome.permissions()).toEqual(NONE)
  expect(await openPopup()).toBe('No access yet')
})

it("'Allow' clicked by label grants both, and chrome.permissions() says so", async () => {
  await closePopup()
  await askFromPopup()
  await answer('Allow')
  expect(await browser.chrome.permissions()).toEqual(ASKED)
  expect(await openPopup()).toBe('Access granted')
  await closePopup()
})

it('revokePermissions removes them without a prompt', async () => {
  await browser.chrome.revokePermissions(ASKED)
  expect(await browser.chrome.permissions()).toEqual(NONE)
})

it('grantPermissions answers the prompt itself the first time, and Chrome remembers it after a revoke', async () => {
  expect(await browser.chrome.grantPermissions({ permissions: ['topSites'] })).toEqual({ prompted: true })
  expect(await browser.chrome.permissions()).toEqual({ permissions: ['topSites'], origins: [] })
  await browser.chrome.revokePermissions({ permissions: ['topSites'] })
  expect(await browser.chrome.grantPermissions({ permissions: ['topSites'] })).toEqual({ prompted: false })
  expect(await browser.chrome.permissions()).toEqual({ permissions: ['topSites'], origins: [] })
})

it('a permission the manifest does not list as optional is refused with Chrome\'s reason', async () => {
  await expect(browser.chrome.grantPermissions({ permissions: ['history'] })).rejects.toThrow(
    'chrome.grantPermissions({"permissions":["history"]}): Chrome refused: Only permissions specified in the manifest may be requested.',
  )
  await expect(browser.chrome.revokePermissions({ permissions: ['history'] })).rejects.toThrow('chrome.revokePermissions({"permissions":["history"]}): Chrome refused: ')
})

it('the reset between files revokes what a test granted', async () => {
  await browser.chrome.grantPermissions(ASKED)
  const { steps } = await resetBrowserState(browser.chrome, { path: FIXTURE, loadUnpacked: () => process.loadUnpacked(process.extensionPath!) })
  expect(Object.keys(steps)).toContain('revoke its optional permissions')
  expect(await browser.chrome.permissions()).toEqual(NONE)
})
