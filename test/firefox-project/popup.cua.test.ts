// The popup flow on Firefox, by pixels and real clicks: the toolbar button, then a button in the popup.
import { expect, test } from 'agentprobe/vitest'

test('the popup counts a click', async ({ agent, screen }) => {
  await agent.do("Click the extension icon in the toolbar, then click 'Add one'.", { maxSteps: 6 })
  await expect(screen).toShowText('Count: 1')
  await expect(screen).toVerify("Does the popup show 'Count: 1'?")
})
