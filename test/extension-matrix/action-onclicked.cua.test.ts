// Tab Stamper has no popup: the icon click reaches the worker's action.onClicked.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Tab Stamper: the toolbar icon opens a stamp page and counts on the badge', async ({ agent, screen, chrome, browser }) => {
  await agent.do('Click the extension icon in the Chrome toolbar.', { maxSteps: 4 })
  await expect(chrome).toHaveTarget({ type: 'page', url: /\/stamp\.html\?from=/ })
  await expect(screen).toShowText('Stamp added')
  expect(await chrome.evaluate({ url: /\/stamp\.html\?from=/ }, 'chrome.action.getBadgeText({})')).toBe('1')
  await logBuild(chrome, browser.lease.pid)
})
