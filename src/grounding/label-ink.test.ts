import { afterAll, describe, expect, it } from 'vitest'
import { loadFrame, type FrameName } from '../../fixtures/frames/index.ts'
import { labelInk, looksDisabled } from './label-ink.ts'
import { Locator } from './locate.ts'
import { frameRaster } from './raster.ts'

const locator = new Locator()
afterAll(() => locator.close())

/** The ink of a word as OCR boxes it on a fixture frame, read through the Locator as the offline model reads it. */
async function inkOf(name: FrameName, word: string) {
  const frame = await loadFrame(name)
  const found = (await locator.words(frame)).find((w) => w.text === word)
  if (!found) throw new Error(`no '${word}' read on ${name}`)
  return locator.ink(frame, found.box)
}

describe('labelInk on real frames', { timeout: 60_000 }, () => {
  it("reads Chrome's permission prompt: 'Allow' grey on grey while disabled, then dark blue on light blue", async () => {
    const disabled = await inkOf('prompt-allow-disabled', 'Allow')
    expect(disabled.contrast).toBeLessThan(3)
    expect(looksDisabled(disabled)).toBe(true)
    const enabled = await inkOf('prompt-allow-enabled', 'Allow')
    expect(enabled.contrast).toBeGreaterThan(4.5)
    expect(looksDisabled(enabled)).toBe(false)
    // the filled 'Deny' beside it is white on blue: the text is the light side of its box
    const deny = await inkOf('prompt-allow-disabled', 'Deny')
    expect(deny.text.r).toBeGreaterThan(deny.background.r)
    expect(looksDisabled(deny)).toBe(false)
  })

  it('keeps low contrast on a coloured button apart from a disabled one', async () => {
    const warning = await inkOf('hard-buttons', 'Warning')
    expect(warning.contrast).toBeLessThan(3)
    expect(looksDisabled(warning)).toBe(false)
    expect(looksDisabled(await inkOf('coloured-buttons', 'Delete'))).toBe(false)
    expect(looksDisabled(await inkOf('popup-open', 'Sidepanel'))).toBe(false)
  })

  it('names a box outside the frame, and does not call a box with no ink in it disabled', async () => {
    const raster = await frameRaster(await loadFrame('popup-open'))
    expect(looksDisabled(labelInk(raster, { x: 700, y: 600, width: 60, height: 20 }))).toBe(false)
    expect(() => labelInk(raster, { x: 5000, y: 10, width: 20, height: 10 })).toThrow('the box (5000, 10) 20×10 has no pixels inside the 1920×1080 frame')
  })
})
