// Optional permissions asked for at run time: Chrome answers chrome.permissions.request with its own
// prompt, drawn in the browser window with no DevTools target, so the agent answers it by pixels.
// The prompt takes the focus, so Chrome closes the popup that asked: what the user was told is on
// the popup opened again. CDP then says what the extension holds.
import { fileURLToPath } from 'node:url'
import { expect, test as base } from 'agentprobe/vitest'

const test = base.extend('extension', { scope: 'file' }, () => fileURLToPath(new URL('../fixtures/extensions/optional-permissions', import.meta.url)))
const OPTIONAL = { permissions: ['bookmarks'], origins: ['https://example.com/*'] }
// With a real model: "Open the extension's popup, ask it for access, and refuse (or allow) in Chrome's prompt."
// Four actions and the verdict; the rest of the budget is for looking again while a popup or the
// prompt is still opening on a loaded machine (each look is a step).
const answer = (button: string) => `Click the extension icon in the Chrome toolbar, then click 'Grant access'. Click '${button}', then click the extension icon in the Chrome toolbar.`

test('the user denies the prompt: nothing is granted', async ({ agent, chrome, screen, onTestFinished }) => {
  // The browser lives for the whole file: close the popup, passed or not, or the next test's click on the icon would close it.
  onTestFinished(() => screen.press('escape'))
  await agent.do(answer('Deny'), { maxSteps: 10, verify: "Does the popup show 'No access yet'?" })
  expect(await chrome.permissions()).toMatchObject({ permissions: [], origins: [] })
})

test('the user allows the prompt: both are granted', async ({ agent, chrome }) => {
  await agent.do(answer('Allow'), { maxSteps: 10, verify: "Does the popup show 'Access granted'?" })
  expect(await chrome.permissions()).toMatchObject(OPTIONAL)
})

test('a test can start with them revoked, without a prompt', async ({ chrome }) => {
  await chrome.revokePermissions(OPTIONAL)
  expect(await chrome.permissions()).toMatchObject({ permissions: [], origins: [] })
})
