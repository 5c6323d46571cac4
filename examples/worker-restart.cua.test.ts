// What a user meets after Chrome stops an idle MV3 service worker (after about 30 s): the worker's
// globals are gone, chrome.storage is not. The test stops it between two steps, as Chrome would.
import { fileURLToPath } from 'node:url'
import { expect, test as base } from 'agentprobe/vitest'

const test = base.extend('extension', { scope: 'file' }, () => fileURLToPath(new URL('../fixtures/extensions/worker-menu', import.meta.url)))

test('a stopped worker wakes on the next click and has lost its global count', async ({ agent, chrome }) => {
  // With a real model: "Open the extension's popup and press its count button."
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Count me'.", { maxSteps: 4, verify: "Does the popup show 'Worker count: 1, total: 1'?" })
  await chrome.stopServiceWorker()
  expect(await chrome.serviceWorkerState()).toBe('stopped')
  // The popup is still open: the next click wakes the worker, whose global starts again at 0 while
  // the stored total goes on. (Chrome may stop it again once it idles for 30 s, so its state is not asserted after.)
  await agent.do("Click 'Count me' in the popup.", { maxSteps: 3, verify: "Does the popup show 'Worker count: 1, total: 2'?" })
})
