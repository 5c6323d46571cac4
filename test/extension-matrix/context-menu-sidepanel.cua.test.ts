// Reading Panel's side panel opens from a context-menu item on a page, not from the toolbar.
import { afterAll, beforeAll } from 'vitest'
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'
import { serveLocalPage, type LocalPage } from './local-page.ts'

let page: LocalPage
beforeAll(async () => {
  page = await serveLocalPage('Morning article', '<h1>Morning article</h1><p>A short text to read in the panel.</p>')
})
afterAll(() => page.close())

test('Reading Panel: the context-menu item opens the side panel', async ({ agent, screen, chrome, browser }) => {
  await chrome.openPage(page.url)
  await agent.do("Right-click 'Morning article', then click 'Open in Reading Panel', then click 'Mark as read'.", { maxSteps: 8 })
  await expect(chrome).toHaveTarget({ type: 'page', url: /\/panel\.html$/ })
  await expect(screen).toShowText('Marked as read')
  await logBuild(chrome, browser.lease.pid)
})
