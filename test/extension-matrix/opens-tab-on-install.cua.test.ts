// Setup Guide opens a welcome tab when installed; finishing there shows in its popup.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Setup Guide: finishing setup on the welcome page shows in the popup', async ({ agent, screen, chrome, browser }) => {
  await chrome.openExtensionPage('welcome.html')
  await agent.do("Click 'Finish setup'.", { maxSteps: 4 })
  await expect(screen).toShowText('Setup complete')
  await agent.do('Click the extension icon in the Chrome toolbar.', { maxSteps: 4 })
  expect(await chrome.evaluate({ url: /popup\.html$/ }, "document.getElementById('state').textContent")).toBe('Setup complete')
  await logBuild(chrome, browser.lease.pid)
})
