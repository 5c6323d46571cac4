import { expect, it } from 'vitest'
import type { AddonAccess } from './addon-access.ts'
import type { BrowserWindow } from './browser-window.ts'
import { firefoxContextMenu } from './firefox-context-menu.ts'

const STAMP = { id: 'stamp-page', title: 'Stamp this page', contexts: ['page'], type: 'normal', enabled: true, visible: true, documentUrlPatterns: [], targetUrlPatterns: [] }

/** An add-on whose browser window answers each of `answers` in turn (the last one for ever after). */
function addon(...answers: object[]): AddonAccess {
  let calls = 0
  const window = { run: async () => JSON.stringify(answers[Math.min(calls++, answers.length - 1)]) } as unknown as BrowserWindow
  return { addonId: 'a@b', window, signal: new AbortController().signal, inAddonPage: () => Promise.reject(new Error('not used')), inFrontAddonTab: () => Promise.reject(new Error('not used')) }
}

it('lists the registered items, waiting for a title when asked', async () => {
  expect(await firefoxContextMenu(addon({ items: [STAMP] }))).toEqual([STAMP])
  expect(await firefoxContextMenu(addon({ items: [] }, { items: [STAMP] }), { waitFor: /^Stamp/ })).toEqual([STAMP])
})

it("names what is registered when the title never comes, and says when Firefox keeps no record", async () => {
  await expect(firefoxContextMenu(addon({ items: [STAMP] }), { waitFor: 'Other', timeout: 50 })).rejects.toThrow("no item titled Other was registered within 50 ms (registered: 'Stamp this page')")
  await expect(firefoxContextMenu(addon({ error: 'ext-menus.js keeps no gMenuMap in this Firefox' }))).rejects.toThrow(/keeps no gMenuMap.*open the menu by pixels/)
  await expect(firefoxContextMenu(addon({ items: [] }), { waitFor: 3 as never })).rejects.toThrow('takes an item\'s title, a string or a RegExp; got 3')
})
