// Zebra Clock declares no icon: the toolbar shows Chrome's own letter tile for it.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Zebra Clock: the letter tile opens the popup, which shows the time', async ({ agent, screen, chrome, browser }) => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Show time'.", { maxSteps: 6 })
  await expect(chrome).toHaveTarget({ type: 'page', url: /popup\.html$/ })
  await expect(screen).toShowText('Time shown')
  await logBuild(chrome, browser.lease.pid)
})
