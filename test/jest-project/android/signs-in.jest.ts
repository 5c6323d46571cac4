import { expect, test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'
import { HOME_GREETS, SIGN_IN } from '../../../examples/android.flows.ts'

const { agent, android } = useAgentprobe()

test('signs in and lands on the notes', async () => {
  await android.launch('com.example.app', { clearData: true })
  await agent.do(SIGN_IN, { maxSteps: 10, verify: HOME_GREETS })
  await expect(android).toHaveElement({ resourceId: 'com.example.app:id/home' })
  await expect(android).toHaveElementCount({ resourceId: /:id\/note_(?!title|snippet)/, clickable: true }, 3)
})
