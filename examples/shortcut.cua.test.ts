// Keyboard shortcuts an extension declares: Chrome assigns them (or not, when the key is taken) and
// handles them above any page, so only real X11 keys reach them. CDP lists what Chrome assigned.
import { fileURLToPath } from 'node:url'
import { expect, test as base } from 'agentprobe/vitest'

const test = base.extend('extension', { scope: 'file' }, () => fileURLToPath(new URL('../fixtures/extensions/shortcuts', import.meta.url)))
const WORKER = { type: 'service_worker', url: /^chrome-extension:\/\// }

test('Chrome assigns the free keys, not the one it keeps for itself', async ({ chrome }) => {
  const shortcuts = Object.fromEntries((await chrome.commands()).map((c) => [c.name, c.shortcut]))
  expect(shortcuts).toMatchObject({ _execute_action: 'Ctrl+Shift+Y', stamp: 'Alt+Shift+K', 'new-tab-clash': '' })
})

test('the stamp shortcut reaches the worker', async ({ screen, chrome }) => {
  await screen.press(await chrome.shortcut('stamp'))
  await expect.poll(() => chrome.evaluate(WORKER, "chrome.storage.local.get('stamps').then((s) => s.stamps?.stamp)")).toBe(1)
})

test('the action shortcut opens the popup, which shows the stamp', async ({ agent, chrome }) => {
  // With a real model: "Open the extension's popup with its keyboard shortcut and read the stamp count."
  await agent.do('Press Ctrl+Shift+Y.', { maxSteps: 3, verify: "Does the popup show 'Key Stamper'?" })
  await expect(chrome).toHaveTarget({ type: 'page', url: /popup\.html$/ })
})
