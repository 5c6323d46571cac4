import { test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'

const { agent } = useAgentprobe()

test('a test that runs out of time still leaves its trace', async () => {
  await agent.do('Wait 5 seconds, then wait 5 seconds, then wait 5 seconds.', { maxSteps: 5 })
}, 4000)
