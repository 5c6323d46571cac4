// The offline model on real 1920×1080 Chromium frames: real OCR and icon matching, no display.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFrame, type FrameName } from '../../../fixtures/frames/index.ts'
import { pngFrame } from '../../core/frame.ts'
import type { Decision, Turn } from '../../core/model.ts'
import { Locator } from '../../grounding/locate.ts'
import { OfflineModel } from './offline-model.ts'

const locator = new Locator()
afterAll(() => locator.close())
const icon = new Uint8Array(await readFile(new URL('../../../fixtures/extensions/sidepanel/icons/128.png', import.meta.url)))
const model = new OfflineModel({ locator, extensionIcon: icon, retries: 0 })

/** The 'Open Sidepanel' button's border in the popup frame. */
const BUTTON = { x: 1511, y: 130, width: 166, height: 45 }
const SEED = "Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'. The sidepanel should appear on the right side of the browser."

async function turn(runId: string, instruction: string, step: number, frame: FrameName): Promise<Decision> {
  const t: Turn = { runId, instruction, step, maxSteps: 15, frame: await loadFrame(frame), screen: { width: 1920, height: 1080 }, history: [] }
  return model.next(t)
}

// Real OCR on a machine others share: a frame can take seconds to read.
describe('OfflineModel on real frames', { timeout: 60_000 }, () => {
  it('plays the seed instruction across the frames it would see', async () => {
    const icon = await turn('seed', SEED, 1, 'browser-started')
    expect(icon.actions).toEqual([{ type: 'click', x: 1770, y: 63, button: 'left' }])

    const button = await turn('seed', SEED, 2, 'popup-open')
    const click = button.actions[0]
    expect(click?.type).toBe('click')
    if (click?.type !== 'click') return
    expect(click.x).toBeGreaterThan(BUTTON.x)
    expect(click.x).toBeLessThan(BUTTON.x + BUTTON.width)
    expect(click.y).toBeGreaterThan(BUTTON.y)
    expect(click.y).toBeLessThan(BUTTON.y + BUTTON.height)

    expect((await turn('seed', SEED, 3, 'sidepanel-open')).status).toBe('passed')
  })

  it("types into the side panel's note field, found by its placeholder", async () => {
    const decision = await turn('note', "Type 'milk' into the 'Write a note' field", 1, 'sidepanel-open')
    const [click, type] = decision.actions
    expect(type).toEqual({ type: 'type', text: 'milk' })
    expect(click?.type).toBe('click')
    if (click?.type !== 'click') return
    expect(click.x).toBeGreaterThan(1570)
    expect(click.x).toBeLessThan(1788)
    expect(click.y).toBeGreaterThan(281)
    expect(click.y).toBeLessThan(342)
  })

  it("waits for a button drawn disabled (Chrome's permission prompt) and clicks it once it is enabled", async () => {
    const patient = new OfflineModel({ locator, extensionIcon: icon, retries: 2, retryWaitMs: 500 })
    const at = async (step: number, frame: FrameName) => patient.next({ runId: 'prompt', instruction: "Click 'Allow'", step, maxSteps: 5, frame: await loadFrame(frame), screen: { width: 1920, height: 1080 }, history: [] })
    const waited = await at(1, 'prompt-allow-disabled')
    expect(waited.actions).toEqual([{ type: 'wait', ms: 500 }])
    expect(waited.text).toMatch(/^not on screen yet, looking again in 500 ms \(1 of 2\): 'Allow' looks disabled: grey on grey at [12]\.\d:1 contrast/)
    const clicked = await at(2, 'prompt-allow-enabled')
    expect(clicked.actions).toEqual([{ type: 'click', x: expect.closeTo(1128, -1) as number, y: expect.closeTo(284, -1) as number, button: 'left' }])
    expect(clicked.text).not.toContain('disabled')
  })

  it("fails when the popup's button is not on screen, saying what it saw", async () => {
    const decision = await turn('missing', "click 'Open Sidepanel'", 1, 'sidepanel-open')
    expect(decision.status).toBe('failed')
    expect(decision.text).toContain("could not find 'Open Sidepanel' on screen")
    expect(decision.text).toContain('Service worker: connected')
  })

  it("verifies 'Sidepanel UI' on the side panel (YES) and not on the error page (NO)", async () => {
    const question = "Is the side panel open and showing 'Sidepanel UI'?"
    const yes = await model.verify(question, await loadFrame('sidepanel-open'))
    expect(yes.answer).toBe('YES')
    expect(yes.evidence).toMatch(/Found 'Sidepanel UI' at \(157\d, 15\d/)
    const no = await model.verify(question, await loadFrame('sidepanel-error'))
    expect(no.answer).toBe('NO')
    expect(no.evidence).toContain("Not found: 'Sidepanel UI'")
    expect(no.evidence).toContain('was not judged')
  })
})

/** The click (or double-click) a one-step instruction gives on a frame. */
async function clickOn(frame: FrameName, instruction: string): Promise<{ x: number; y: number; text: string; type: string; button?: string }> {
  const decision = await turn(`${frame}: ${instruction}`, instruction, 1, frame)
  const action = decision.actions[0]
  if (action?.type !== 'click' && action?.type !== 'double_click') throw new Error(`no click: ${decision.text}`)
  return { x: action.x, y: action.y, text: decision.text ?? '', type: action.type, ...(action.type === 'click' && { button: action.button }) }
}

/** Frame pixels of the copies of 'Open side panel' in the two same-label frames. */
const TAB_TITLE_BOTTOM = 40
const SIDE_PANEL_LEFT = 1543

describe('a label on screen more than once, on real frames', { timeout: 60_000 }, () => {
  it("takes the page's button over the tab title, and says so", async () => {
    const click = await clickOn('same-label-page', "click 'Open side panel'")
    expect(click.y).toBeGreaterThan(211)
    expect(click.y).toBeLessThan(252)
    expect(click.x).toBeLessThan(213)
    expect(click.text).toContain("'Open side panel' is on screen twice; took the one in the page, not the toolbar")
  })

  it('takes the one the instruction places: on the page, in the side panel, in the toolbar', async () => {
    const page = await clickOn('same-label-sidepanel', "click the 'Open side panel' button on the page")
    expect(page.x).toBeLessThan(SIDE_PANEL_LEFT)
    expect(page.y).toBeGreaterThan(TAB_TITLE_BOTTOM)
    const panel = await clickOn('same-label-sidepanel', "Click 'Open side panel' in the side panel")
    expect(panel.x).toBeGreaterThan(1566)
    expect(panel.x).toBeLessThan(1731)
    expect(panel.y).toBeGreaterThan(221)
    expect(panel.y).toBeLessThan(259)
    expect(panel.text).toContain("clicked 'Open side panel' in the side panel at")
    const tab = await clickOn('same-label-page', "click 'Open side panel' in the tab strip")
    expect(tab.y).toBeLessThan(TAB_TITLE_BOTTOM)
  })

  it('names every place when the label is there three times', async () => {
    const click = await clickOn('same-label-sidepanel', "click 'Open side panel'")
    expect(click.x).toBeLessThan(SIDE_PANEL_LEFT)
    expect(click.text).toContain("'Open side panel' is on screen 3 times; took the one in the page, not the side panel or the toolbar")
  })

  it("right-clicks the page's heading and double-clicks the side panel's", async () => {
    const right = await clickOn('same-label-sidepanel', "Right-click the 'Reading list' heading")
    expect(right).toMatchObject({ type: 'click', button: 'right' })
    expect(right.x).toBeLessThan(300)
    expect(right.y).toBeGreaterThan(120)
    expect(right.y).toBeLessThan(160)
    const double = await clickOn('same-label-sidepanel', "double-click the 'Saved pages' heading in the side panel")
    expect(double.type).toBe('double_click')
    expect(double.x).toBeGreaterThan(SIDE_PANEL_LEFT)
  })

  it('selects text by dragging across it', async () => {
    const decision = await turn('select', "select the text 'Nothing saved yet'", 1, 'same-label-sidepanel')
    const [drag] = decision.actions
    expect(drag?.type).toBe('drag')
    if (drag?.type !== 'drag') return
    const [from, to] = drag.path
    expect(from!.x).toBeGreaterThan(SIDE_PANEL_LEFT)
    expect(to!.x - from!.x).toBeGreaterThan(120)
    expect(from!.y).toBe(to!.y)
    expect(decision.text).toContain("selected 'Nothing saved yet' in the side panel")
  })

  it('names the region it looked in, what it read there, and where the label is instead', async () => {
    const decision = await turn('miss-page', "click 'Nothing saved yet' on the page", 1, 'same-label-sidepanel')
    expect(decision.status).toBe('failed')
    expect(decision.text).toContain("could not find 'Nothing saved yet' in the page (0, 88)–(1543, 1080); it is in the side panel at (")
    expect(decision.text).toMatch(/text seen there: .*Reading list/)
    expect(decision.text).not.toMatch(/text seen there: .*Chip Probe/)
  })

  it('says when the region is not on the frame at all', async () => {
    const decision = await turn('miss-popup', "click 'Open Sidepanel' in the popup", 1, 'sidepanel-open')
    expect(decision.status).toBe('failed')
    expect(decision.text).toContain("could not find 'Open Sidepanel' in the popup: no popup is open on this frame")
  })

  it("finds the popup's button when told it is in the popup", async () => {
    const click = await clickOn('popup-open', "click the 'Open Sidepanel' button in the popup")
    expect(click.x).toBeGreaterThan(BUTTON.x)
    expect(click.x).toBeLessThan(BUTTON.x + BUTTON.width)
    expect(click.text).toContain("clicked 'Open Sidepanel' in the popup at")
  })

  it('looks again before clicking a tab title while the page is not drawn yet, and clicks it on the last look', async () => {
    // The page of 'same-label-page' painted over white: its load came before its first paint.
    const loaded = await loadFrame('same-label-page')
    const white = await sharp({ create: { width: 1920, height: 990, channels: 3, background: '#ffffff' } }).png().toBuffer()
    const png = new Uint8Array(await sharp(await loaded.png()).composite([{ input: white, top: 90, left: 0 }]).png().toBuffer())
    const frame = pngFrame(png, { ...loaded, hash: createHash('sha1').update(png).digest('hex') })
    const patient = new OfflineModel({ locator, retries: 1 })
    const at = (step: number): Turn => ({ runId: 'undrawn', instruction: "click 'Open side panel'", step, maxSteps: 5, frame, screen: frame, history: [] })
    const first = await patient.next(at(1))
    expect(first.actions).toEqual([{ type: 'wait', ms: 750 }])
    expect(first.text).toContain("'Open side panel' is only in the toolbar (a tab title, say) while the page shows no text yet")
    const last = await patient.next(at(2))
    expect(last.actions[0]).toMatchObject({ type: 'click', button: 'left' })
    if (last.actions[0]?.type === 'click') expect(last.actions[0].y).toBeLessThan(TAB_TITLE_BOTTOM)
    expect(last.text).toContain("clicked 'Open side panel' in the toolbar")
  })

  describe('a right-click, then a label the page shows too', () => {
    // The menu's item 'Stamp this page' is at (255, 420); the page's own button of that name at (787, 141).
    const inMenu = (decision: Decision) => {
      const click = decision.actions[0]
      expect(click?.type).toBe('click')
      if (click?.type !== 'click') return
      expect(Math.abs(click.x - 255)).toBeLessThan(60)
      expect(Math.abs(click.y - 420)).toBeLessThan(10)
    }

    it.each([
      "Right-click 'Plain words here', then click 'Stamp this page' in the context menu.",
      "Right-click 'Plain words here', then click 'Stamp this page'.",
    ])('%s: the menu item, not the page button', async (instruction) => {
      const right = await turn(instruction, instruction, 1, 'menu-before')
      expect(right.actions[0]).toMatchObject({ type: 'click', button: 'right' })
      const item = await turn(instruction, instruction, 2, 'menu-open')
      inMenu(item)
      expect(item.text).toMatch(/^clicked 'Stamp this page' in the context menu at \(\d+, \d+\); 'Stamp this page' is on screen twice; took the one in the context menu the right-click opened \(what changed after the right-click at \(\d+, 1\d\d\), \(150, 137\)–\(497, 504\)\), not the one at \(7\d\d, 1\d\d\)$/)
    })

    it('without a right-click before it, "in the context menu" searches the whole screen and says so', async () => {
      const decision = await turn('no-right-click', "Click 'Stamp this page' in the context menu", 1, 'menu-open')
      expect(decision.actions[0]?.type).toBe('click')
      expect(decision.text).toContain('no right-click came before it in this instruction, so the whole screen was searched for the menu item')
    })
  })
})
