// The seed's case as a Jest test: real clicks on the toolbar icon and the popup's button, then a
// cold verification on a fresh screenshot and a deterministic check over CDP.
import { expect, test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'
import { OPEN_SIDEPANEL, SIDEPANEL_SHOWS_UI } from '../sidepanel.flows.ts'

const { agent, screen, chrome } = useAgentprobe()

test('side panel opens from the toolbar', async () => {
  await agent.do(OPEN_SIDEPANEL, { maxSteps: 15 })
  await expect(screen).toVerify(SIDEPANEL_SHOWS_UI)
  await expect(chrome).toHaveTarget({ type: 'page', url: /sidepanel\.html$/ })
})

test('the side panel talks to the service worker', async () => {
  // The panel from the previous test is still open: the browser lives for the whole file.
  await expect(screen).toShowText('Service worker: connected')
  const count = await chrome.evaluate({ url: /sidepanel\.html$/ }, "document.getElementById('count').textContent")
  expect(count).toBe('0')
})
