// Link Counter parses HTML in an offscreen document that its worker creates on demand.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Link Counter: the offscreen document counts the links', async ({ agent, screen, chrome, browser }) => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Count links'.", { maxSteps: 6 })
  await expect(screen).toShowText('Found 3 links')
  await expect(chrome).toHaveTarget({ url: /\/offscreen\.html$/ })
  await logBuild(chrome, browser.lease.pid)
})
