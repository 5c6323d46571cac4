// Recorded against the model double and replayed under --ci by test/jest.e2e.test.ts; its own
// file, so its cassette is its own.
import { expect, test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'

const { agent, screen } = useAgentprobe()

test('opens the side panel', async () => {
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'.", { maxSteps: 6 })
  await expect(screen).toVerify("Is the browser sidepanel open and showing 'Sidepanel UI'?")
})
