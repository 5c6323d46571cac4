import { expect, test } from 'agentprobe/vitest'

test('opens the side panel', async ({ agent, screen }) => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'.", { maxSteps: 6 })
  await expect(screen).toVerify("Is the browser sidepanel open and showing 'Sidepanel UI'?")
})
