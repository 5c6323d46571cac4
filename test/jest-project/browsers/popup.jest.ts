// The toolbar button and the popup by pixels and real clicks, then checks that mean the same on
// both browsers (CDP on Chromium, WebDriver BiDi on Firefox).
import { expect, test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'

const { agent, screen, chrome } = useAgentprobe()
const POPUP = { type: 'page', url: /popup\.html$/ }

test('the popup counts a click', async () => {
  await agent.do("Click the extension icon in the toolbar, then click 'Add one'.", { maxSteps: 6 })
  await expect(screen).toShowText('Count: 1')
  expect(await chrome.evaluate(POPUP, "document.getElementById('count').textContent")).toBe('Count: 1')
  // Which browser this project drives: Firefox's runtime has getBrowserInfo, Chromium's does not.
  console.log(`BROWSER ${await chrome.evaluate({ type: 'service_worker' }, "typeof browser !== 'undefined' && browser.runtime.getBrowserInfo ? 'firefox' : 'chromium'")}`)
})
