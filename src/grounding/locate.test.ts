import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { Locator, visibleText } from './locate.ts'
import { OcrEngine } from './ocr.ts'

/** Counts OCR calls, to prove one frame is read once. */
class CountingEngine extends OcrEngine {
  calls = 0
  override recognize(...args: Parameters<OcrEngine['recognize']>) {
    this.calls++
    return super.recognize(...args)
  }
}

const engine = new CountingEngine()
const locator = new Locator({ engine })
afterAll(() => locator.close())

const icon = fileURLToPath(new URL('../../fixtures/extensions/sidepanel/icons/16.png', import.meta.url))
/** The 'Open Sidepanel' button's border in the popup frame. */
const BUTTON = { x: 1511, y: 130, width: 166, height: 45 }

describe('Locator', () => {
  it("at the browser's device scale factor, finds the pinned slot and the popup on a 2x frame", async () => {
    const scaled = new Locator({ engine, scale: 2 })
    const frame = await loadFrame('toolbar-scale-2-720')
    expect((await scaled.locate(frame, { toolbarSlot: true })).located).toMatchObject({ center: { x: 982, y: 126 }, confidence: 1 })
    expect((await scaled.layout(await loadFrame('popup-scale-2-720')))?.popup).toMatchObject({ x: 312, y: 173, width: 704 })
    expect(await locator.layout(frame)).toBeUndefined() // (at scale 1 the toolbar is not where a 1x one would be)
  })

  it("finds 'Open Sidepanel' inside the popup's button", async () => {
    const result = await locator.locate(await loadFrame('popup-open'), { text: 'Open Sidepanel' })
    const c = result.located!.center
    expect(result.located?.via).toBe('ocr')
    expect(c.x).toBeGreaterThan(BUTTON.x)
    expect(c.x).toBeLessThan(BUTTON.x + BUTTON.width)
    expect(c.y).toBeGreaterThan(BUTTON.y)
    expect(c.y).toBeLessThan(BUTTON.y + BUTTON.height)
  })

  it("finds the side panel's heading 'Sidepanel UI' (read as 'Sidepanel Ul') and reads the frame once", async () => {
    const frame = await loadFrame('sidepanel-open')
    const before = engine.calls
    const result = await locator.locate(frame, { text: 'Sidepanel UI' })
    expect(result.located?.box).toMatchObject({ x: expect.closeTo(1572, 3), y: expect.closeTo(154, 3) })
    expect(result.located!.confidence).toBeGreaterThan(0.75)
    await locator.locate(frame, { text: 'Service worker: connected' })
    expect(engine.calls - before).toBe(1)
  })

  it("finds the side panel's two-line 'Save note' button and the input's placeholder", async () => {
    const frame = await loadFrame('sidepanel-open')
    const save = await locator.locate(frame, { text: 'Save note' })
    expect(save.located?.center).toMatchObject({ x: expect.closeTo(1843, 4), y: expect.closeTo(311, 4) })
    const input = await locator.locate(frame, { text: 'Write a note' })
    expect(input.located?.box.x).toBeGreaterThan(1570)
  })

  it('says what it saw when the label is not there', async () => {
    const result = await locator.locate(await loadFrame('sidepanel-error'), { text: 'Sidepanel UI' })
    expect(result.located).toBeUndefined()
    expect(result.seen).toMatch(/ERR_FILE_NOT.{0,2}FOUND/)
    expect(result.nearMisses[0]?.text).toContain('Sidepanel')
  })

  it('does not remember a frame it failed to read', async () => {
    await expect(locator.locate({ image: async () => ({ data: new Uint8Array([1, 2, 3]) }), hash: 'h' }, { text: 'Open Sidepanel' })).rejects.toThrow()
    const { image } = await loadFrame('popup-open')
    expect((await locator.locate({ image, hash: 'h' }, { text: 'Open Sidepanel' })).located).toBeDefined()
  })

  it('finds the extension icon in the toolbar', async () => {
    const result = await locator.locate(await loadFrame('browser-started'), { image: icon })
    expect(result.located).toMatchObject({ via: 'template', center: { x: 1770, y: 63 } })
  })

  it('reports the best score when the image is not there', async () => {
    const result = await locator.locate(await loadFrame('browser-started'), { image: icon, region: { x: 0, y: 0, width: 600, height: 88 } })
    expect(result.located).toBeUndefined()
    expect(result.seen).toMatch(/^no match scoring 0\.8 or more \(best -?0\.\d\d at/)
  })
})

describe('visibleText', () => {
  it('joins lines and drops icon noise', () => {
    const word = (text: string, x: number, y: number, confidence = 90) => ({ text, confidence, box: { x, y, width: 40, height: 14 } })
    expect(visibleText([word('Saved', 0, 40), word('notes:', 46, 40), word('Hello', 0, 0), word('®', 100, 0), word('xx', 300, 0, 10)])).toBe(
      'Hello · Saved notes:',
    )
    expect(visibleText([])).toBe('(no legible text)')
  })
})
