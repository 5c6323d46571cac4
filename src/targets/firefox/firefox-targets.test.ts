import { expect, it } from 'vitest'
import { firefoxFilter, firefoxTargets, tabContext } from './firefox-targets.ts'

const BASE = 'moz-extension://5bbf435e-bcac-4754-ad30-7e2b38c47b64/'

it("lists tabs with BiDi's ids and the window's titles, and the add-on's popup and background BiDi does not see", () => {
  const targets = firefoxTargets(
    [
      { context: 'c1', url: 'about:blank' },
      { context: 'c2', url: `${BASE}options.html` },
    ],
    {
      baseUrl: BASE,
      backgroundState: 'running',
      tabs: [
        { url: 'about:blank', title: '' },
        { url: `${BASE}options.html`, title: 'Options' },
      ],
      views: [
        { type: 'background', url: `${BASE}_generated_background_page.html`, title: '', inTab: false },
        { type: 'tab', url: `${BASE}options.html`, title: 'Options', inTab: true },
        { type: 'popup', url: `${BASE}popup.html`, title: 'Tally Both', inTab: false },
      ],
    },
  )
  expect(targets).toEqual([
    { id: 'c1', type: 'page', url: 'about:blank', title: '' },
    { id: 'c2', type: 'page', url: `${BASE}options.html`, title: 'Options' },
    { id: `background:${BASE}_generated_background_page.html`, type: 'background_page', url: `${BASE}_generated_background_page.html`, title: '' },
    { id: `popup:${BASE}popup.html`, type: 'page', url: `${BASE}popup.html`, title: 'Tally Both' },
  ])
  expect(targets.map(tabContext)).toEqual(['c1', 'c2', undefined, undefined])
})

it('lists the options page about:addons embeds (a tab view in no tab) as a page of its own, beside the about:addons tab', () => {
  const options = { type: 'tab', url: `${BASE}options.html`, title: 'Settings', inTab: false }
  const targets = firefoxTargets([{ context: 'c1', url: 'about:addons' }], { baseUrl: BASE, backgroundState: 'running', tabs: [{ url: 'about:addons', title: 'Add-ons Manager' }], views: [options] })
  expect(targets).toEqual([
    { id: 'c1', type: 'page', url: 'about:addons', title: 'Add-ons Manager' },
    { id: `tab:${BASE}options.html`, type: 'page', url: `${BASE}options.html`, title: 'Settings' },
  ])
  expect(targets.map(tabContext)).toEqual(['c1', undefined])
})

it("reads a Chromium test's service-worker filter as the background page, and leaves other filters alone", () => {
  expect(firefoxFilter({ type: 'service_worker', url: /moz-extension/ })).toEqual({ type: 'background_page', url: /moz-extension/ })
  expect(firefoxFilter({ url: /popup\.html$/ })).toEqual({ url: /popup\.html$/ })
})
