// Tally Counter has no permissions, so no chrome.storage: its count lives in localStorage.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Tally Counter: a click in the popup adds one', async ({ agent, screen, chrome, browser }) => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Add one'.", { maxSteps: 6 })
  await expect(chrome).toHaveTarget({ type: 'page', url: /popup\.html$/ })
  expect(await chrome.evaluate({ url: /popup\.html$/ }, "document.getElementById('count').textContent")).toBe('Count: 1')
  await expect(screen).toShowText('Worker says hello')
  await logBuild(chrome, browser.lease.pid)
})
