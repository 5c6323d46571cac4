// Greeting Settings has only an options page: no action, no background.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Greeting Settings: a saved name greets', async ({ agent, screen, chrome, browser }) => {
  await chrome.openExtensionPage('options.html')
  await agent.do("Type 'Ada' into the 'Your name' field, then click 'Save settings'.", { maxSteps: 6 })
  await expect(screen).toShowText('Hello, Ada')
  expect(await chrome.evaluate({ url: /options\.html$/ }, 'chrome.storage.sync.get("name").then((s) => s.name)')).toBe('Ada')
  await logBuild(chrome, browser.lease.pid)
})
