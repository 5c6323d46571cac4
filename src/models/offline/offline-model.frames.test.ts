// The offline model on real 1920×1080 Chromium frames: real OCR and icon matching, no display.
import { readFile } from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFrame, type FrameName } from '../../../fixtures/frames/index.ts'
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

describe('OfflineModel on real frames', () => {
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
