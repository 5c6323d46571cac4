// Runs beside popup.cua.test.ts in the same browser (one worker): whichever file comes second meets
// the popup the first left open, unless the reset between files closed it and installed the
// extension afresh, so the count starts over. A helper Firefox cannot offer says so.
import { expect, test } from 'agentprobe/vitest'

test('a new file meets a fresh extension', async ({ agent, screen }) => {
  await agent.do("Click the extension icon in the toolbar, then click 'Add one'.", { maxSteps: 6 })
  await expect(screen).toShowText('Count: 1')
})

test('on Firefox, a helper it cannot offer names the Firefox way instead of doing nothing', async ({ browser, chrome }) => {
  if (browser.lease.endpoint.browser !== 'firefox') return expect(chrome.extensionId).toMatch(/^[a-p]{32}$/)
  expect(browser.lease.endpoint).toMatchObject({ extensionId: 'tally-both@agentprobe.test', extensionBaseUrl: expect.stringMatching(/^moz-extension:\/\/[0-9a-f-]{36}\/$/) })
  expect(chrome.extensionId).toBe('tally-both@agentprobe.test')
  await expect(chrome.triggerAction()).rejects.toThrow(/chrome\.triggerAction\(\) has no Firefox twin: .*Click the button by pixels/)
  await expect(chrome.stopServiceWorker()).rejects.toThrow(/runs background\.scripts as an event page, not a service worker/)
  await expect(chrome.serviceWorkerState()).rejects.toThrow(/chrome\.targets\(\{ type: 'background_page' \}\) says whether it runs now/)
})
