// Focus Timer's only icon is one flat red square.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Focus Timer: the flat icon opens the popup, which starts the timer', async ({ agent, screen, chrome, browser }) => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Start timer'.", { maxSteps: 6 })
  await expect(screen).toShowText('Timer running')
  expect(await chrome.evaluate({ url: /popup\.html$/ }, 'chrome.action.getBadgeText({})')).toBe('ON')
  await logBuild(chrome, browser.lease.pid)
})
