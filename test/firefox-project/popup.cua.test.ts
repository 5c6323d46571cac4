// The popup flow by pixels and real clicks: the toolbar button, then a button in the popup; then
// the popup the agent opened, read by the `chrome` fixture (on Firefox, a view BiDi does not list).
import { expect, test } from 'agentprobe/vitest'

test('the popup counts a click', async ({ agent, screen, chrome }) => {
  await agent.do("Click the extension icon in the toolbar, then click 'Add one'.", { maxSteps: 6 })
  await expect(screen).toShowText('Count: 1')
  await expect(screen).toVerify("Does the popup show 'Count: 1'?")
  // A negated verdict: its NO is what the test asks for, and stands without a second look.
  await expect(screen).not.toVerify("Does the popup show 'Count: 2'?")
  expect(await chrome.evaluate({ type: 'page', url: /popup\.html$/ }, "document.getElementById('count').textContent")).toBe('Count: 1')
})
