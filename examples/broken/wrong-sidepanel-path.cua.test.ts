// A regression a team could ship: side_panel.default_path names a file missing from the build.
// CDP alone is fooled (a side panel target exists); the screenshot is not.
import { expect, test as base } from 'agentprobe/vitest'
import { materializeMutant } from '../../fixtures/extensions/mutate.ts'
import { OPEN_SIDEPANEL, SIDEPANEL_SHOWS_UI } from '../sidepanel.flows.ts'

const test = base.extend('extension', { scope: 'file' }, () => materializeMutant('wrong-sidepanel-path'))

test('the panel opens on an error page, and verification says so', async ({ agent, screen, chrome }) => {
  await agent.do(OPEN_SIDEPANEL)
  await expect(chrome).toHaveTarget({ type: 'page', url: /panel\/sidepanel\.html$/ })
  const error = await expect(screen).toVerify(SIDEPANEL_SHOWS_UI).catch((e: unknown) => e)
  expect(String(error)).toMatch(/answered NO/)
  expect(String(error)).toMatch(/not found: 'Sidepanel UI'/i)
  expect(String(error)).toMatch(/screenshot: .*\.png/)
})
