// One file, both browsers: the `cross-browser` projects of vitest.config.ts run it on Chromium and on
// Firefox (`browsers: ['chromium', 'firefox']`). The toolbar button and the popup are reached by
// pixels and real clicks on each; the `chrome` fixture's checks mean the same on both (CDP on
// Chromium, WebDriver BiDi on Firefox). The extension: fixtures/extensions/cross-browser/.
import { expect, test } from 'agentprobe/vitest'

const POPUP = { type: 'page', url: /popup\.html$/ }

test('the popup counts a click', async ({ agent, screen, chrome }) => {
  await agent.do("Click the extension icon in the toolbar, then click 'Add one'.", { maxSteps: 6 })
  await expect(screen).toShowText('Count: 1')
  await expect(chrome).toHaveTarget(POPUP)
  expect(await chrome.evaluate(POPUP, "document.getElementById('count').textContent")).toBe('Count: 1')
})

// Chromium's service worker and Firefox's background scripts (an event page) are one target type here.
test('the background answers and recorded the install', async ({ chrome }) => {
  expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).toBe(chrome.extensionId)
  await expect.poll(() => chrome.storage('local')).toHaveProperty('installed')
})
