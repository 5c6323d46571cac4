import { afterAll, describe, expect, it } from 'vitest'
import { loadFrame, type FrameName } from '../../fixtures/frames/index.ts'
import { findPhrase } from '../core/text-match.ts'
import { OcrEngine } from './ocr.ts'
import { decodeImage } from './raster.ts'
import { readText } from './read-text.ts'

const engine = new OcrEngine()
afterAll(() => engine.terminate())

const read = async (name: FrameName) => readText(engine, await decodeImage(await (await loadFrame(name)).png()))

describe('readText on real frames', () => {
  it('reads the toolbar strip, a popup and its bordered button', async () => {
    const words = await read('popup-open')
    expect(findPhrase(words, 'Open Sidepanel')[0]?.box).toMatchObject({ x: expect.closeTo(1531, 3), y: expect.closeTo(145, 3) })
    expect(findPhrase(words, 'Sidepanel Fixture')).toHaveLength(1)
    expect(findPhrase(words, 'about:blank').length).toBeGreaterThanOrEqual(1)
  })

  it('reads light text on coloured, gradient and striped buttons, and on a dark header', async () => {
    const words = [...(await read('coloured-buttons')), ...(await read('hard-buttons'))]
    for (const label of ['Save changes', 'Delete account', 'Continue', 'Get started', 'Striped sale', 'Warning', 'Dashboard']) {
      expect(findPhrase(words, label), label).not.toEqual([])
    }
  })

  it('reads selected (white on blue) text in the omnibox', async () => {
    const words = await read('browser-started')
    expect(findPhrase(words, 'about:blank').map((m) => m.box.y > 40)).toContain(true)
  })
})
