import { test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'

const { agent } = useAgentprobe()

test('a step that cannot be done fails the test', async () => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Close Sidepanel'.", { maxSteps: 3 })
})
