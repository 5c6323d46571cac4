// A regression a team could ship: the popup's click handler throws. agentprobe must say so.
import { expect, test as base } from 'agentprobe/vitest'
import { materializeMutant } from '../../fixtures/extensions/mutate.ts'
import { OPEN_SIDEPANEL, SIDEPANEL_SHOWS_UI } from '../sidepanel.flows.ts'

const test = base.extend('extension', { scope: 'file' }, () => materializeMutant('popup-throws'))

test('the cold verification catches a side panel that never opened', async ({ agent, screen, chrome }) => {
  // The clicks themselves succeed (the button is there), so the loop believes it is done…
  const error = await agent.do(OPEN_SIDEPANEL, { verify: SIDEPANEL_SHOWS_UI }).catch((e: unknown) => e)
  // …and the verifier, looking at a fresh screenshot, says no.
  expect(error).toMatchObject({ code: 'AGENTPROBE_TEST_FAILED', failures: [expect.objectContaining({ type: 'false_success' })] })
  expect(String(error)).toMatch(/not found: 'Sidepanel UI'/i)
  await expect(expect(screen).toVerify(SIDEPANEL_SHOWS_UI)).rejects.toThrow(/answered NO/)
  await expect(chrome).not.toHaveTarget({ url: /sidepanel\.html$/ })
})
