// A regression a team could ship: the service worker points the side panel at a path missing from
// the build. CDP alone is fooled (a side panel target exists); the screenshot is not.
import { expect, test } from '@jest/globals'
import { useAgentprobe } from 'agentprobe/jest'
import { OPEN_SIDEPANEL, SIDEPANEL_SHOWS_UI } from '../../sidepanel.flows.ts'

const { agent, screen, chrome } = useAgentprobe({ extension: '.mutants/wrong-sidepanel-path' })

test('the panel opens on an error page, and verification says so', async () => {
  await agent.do(OPEN_SIDEPANEL)
  await expect(chrome).toHaveTarget({ type: 'page', url: /panel\/sidepanel\.html$/ })
  const error = await expect(screen).toVerify(SIDEPANEL_SHOWS_UI).catch((e: unknown) => e)
  expect(String(error)).toMatch(/answered NO/)
  expect(String(error)).toMatch(/not found: 'Sidepanel UI'/i)
  expect(String(error)).toMatch(/screenshot: .*\.png/)
})
