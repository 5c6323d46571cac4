// Page Marker is only a content script, on a page this file serves.
import { afterAll, beforeAll } from 'vitest'
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'
import { serveLocalPage, type LocalPage } from './local-page.ts'

let page: LocalPage
beforeAll(async () => {
  page = await serveLocalPage('Local page', '<h1>A local page</h1><p>Nothing here but text.</p>')
})
afterAll(() => page.close())

test('Page Marker: the banner it adds can be hidden', async ({ agent, screen, chrome, browser }) => {
  await chrome.openPage(page.url)
  await expect(screen).toShowText('Page Marker is on')
  await agent.do("Click 'Hide marker'.", { maxSteps: 4 })
  expect(await chrome.evaluate({ url: page.url }, 'document.documentElement.dataset.pageMarker')).toBe('hidden')
  await logBuild(chrome, browser.lease.pid)
})
