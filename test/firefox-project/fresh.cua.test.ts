// Runs beside popup.cua.test.ts in the same Firefox (one worker): whichever file comes second meets
// the popup the first left open, unless the reset between files closed it and installed the
// extension afresh, so the count starts over. The CDP helpers say they are Chromium's.
import { expect, test } from 'agentprobe/vitest'

test('a new file meets a fresh extension', async ({ agent, screen }) => {
  await agent.do("Click the extension icon in the toolbar, then click 'Add one'.", { maxSteps: 6 })
  await expect(screen).toShowText('Count: 1')
})

test('the chrome fixture names what Firefox lacks instead of doing nothing', ({ browser }) => {
  expect(browser.lease.endpoint).toMatchObject({ browser: 'firefox', extensionId: 'tally-both@agentprobe.test', extensionBaseUrl: expect.stringMatching(/^moz-extension:\/\/[0-9a-f-]{36}\/$/) })
  expect(() => browser.requireChrome()).toThrow(/is Chromium's, over CDP, and is not built on Firefox yet/)
})
