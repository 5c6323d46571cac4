import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFrame } from '../../../fixtures/frames/index.ts'
import { flatRedIcon } from '../../../fixtures/frames/toolbar-icons.ts'
import { Locator } from '../../grounding/locate.ts'
import { findExtensionIcon } from './find-icon.ts'

const locator = new Locator()
afterAll(() => locator.close())
const sidepanelIcon = new Uint8Array(await readFile(new URL('../../../fixtures/extensions/sidepanel/icons/128.png', import.meta.url)))

describe('findExtensionIcon on real frames', () => {
  it('matches a coloured icon by correlation and says so', async () => {
    const found = await findExtensionIcon(await loadFrame('browser-started'), locator, sidepanelIcon)
    expect(found).toMatchObject({ at: { x: 1770, y: 63 } })
    expect('what' in found && found.what).toMatch(/^the extension icon \(template match 0\.9\d\)$/)
  })

  it('matches a flat red square by colour', async () => {
    const found = await findExtensionIcon(await loadFrame('toolbar-flat-icon-720'), locator, await flatRedIcon())
    expect(found).toEqual({ at: { x: 1130, y: 63 }, what: 'the extension icon (colour match 1.00)' })
  })

  it('takes the pinned slot when the manifest has no icon (Chrome letter tile), at both sizes', async () => {
    const slot = 'the extension icon (the pinned slot right of the omnibox, just left of the extensions menu, layout 1.00: no icon in the manifest)'
    expect(await findExtensionIcon(await loadFrame('toolbar-letter-tile'), locator, undefined)).toEqual({ at: { x: 1770, y: 63 }, what: slot })
    expect(await findExtensionIcon(await loadFrame('toolbar-letter-tile-720'), locator, undefined)).toEqual({ at: { x: 1130, y: 63 }, what: slot })
  })

  it('takes the pinned slot when the icon matches nothing, and says what the match saw', async () => {
    const found = await findExtensionIcon(await loadFrame('toolbar-letter-tile'), locator, sidepanelIcon)
    expect(found).toMatchObject({ at: { x: 1770, y: 63 } })
    expect('what' in found && found.what).toMatch(/the pinned slot .*: its manifest icon matched nothing: no match scoring 0\.8 or more \(best -?0\.\d\d at .*\); a badge, an icon set at run time or a greyed action draws it unlike the manifest\)$/)
  })

  it('does not take a red button on the page for a flat red icon: the pinned slot wins', async () => {
    const found = await findExtensionIcon(await loadFrame('coloured-buttons'), locator, await flatRedIcon())
    expect(found).toMatchObject({ at: { x: 1770, y: 63 } })
    expect('what' in found && found.what).toMatch(/the pinned slot .*: its icon's colour match was away from the pinned slot, at \(\d+, 2\d\d\)\)$/)
  })

  it("does not take the icon drawn as a tab's favicon (an extension page it opened) for the toolbar button", async () => {
    // The letter-tile frame (nothing in the slot matches) with the icon drawn at 16 px in the tab strip.
    const frame = await loadFrame('toolbar-letter-tile')
    const favicon = await sharp(sidepanelIcon).resize(16, 16).png().toBuffer()
    const png = new Uint8Array(await sharp(await frame.png()).composite([{ input: favicon, left: 282, top: 12 }]).png().toBuffer())
    const found = await findExtensionIcon({ image: async () => ({ data: png }), hash: 'favicon' }, locator, sidepanelIcon)
    expect(found).toMatchObject({ at: { x: 1770, y: 63 } })
    expect('what' in found && found.what).toMatch(/the pinned slot .*: its icon's template match was away from the pinned slot, at \(290, 20\)\)$/)
  })

  it('misses, saying why, on a frame without a toolbar', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#ffffff' } }).png().toBuffer())
    expect(await findExtensionIcon({ image: async () => ({ data: png }), hash: 'blank' }, locator, undefined)).toEqual({
      missed: 'could not find the extension icon on screen (no icon in the manifest; toolbar: no toolbar row with an omnibox on the frame)',
    })
  })
})
