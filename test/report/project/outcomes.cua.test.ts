// One test that passes and one the agent cannot do: the report draws both, the reporter points at the GIF of the failure.
import { test } from 'agentprobe/vitest'
import { OPEN_SIDEPANEL } from '../../../examples/sidepanel.flows.ts'

test('opens the side panel', async ({ agent }) => {
  await agent.do(OPEN_SIDEPANEL, { maxSteps: 8, expectedSteps: 3 })
})

test('clicks a button the panel does not have', async ({ agent }) => {
  await agent.do("Click 'Delete everything'.", { maxSteps: 4 })
})
