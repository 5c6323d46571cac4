// Daily Tip is only a popup: no worker, no permissions.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Daily Tip: the popup shows the next tip', async ({ agent, screen, chrome, browser }) => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Next tip'.", { maxSteps: 6 })
  await expect(screen).toShowText('Take a short walk')
  await expect(chrome).toHaveTarget({ type: 'page', url: /popup\.html$/ })
  await logBuild(chrome, browser.lease.pid)
})
