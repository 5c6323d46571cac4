import { expect, test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'

const { agent, screen } = useAgentprobe()

test('opens the side panel', async () => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'.")
  await expect(screen).toVerify("Is the browser sidepanel open and showing 'Sidepanel UI'?")
})
