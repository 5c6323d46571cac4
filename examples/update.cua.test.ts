// Release day: a user of 1.0.0 picked a theme; Chrome updates them to this build (2.0.0), whose
// settings live elsewhere. The update happens in one browser, as it does for them, and the test
// checks through the popup that their choice survived the migration.
import { fileURLToPath } from 'node:url'
import { expect, test as base } from 'agentprobe/vitest'

const fixture = (name: string) => fileURLToPath(new URL(`../bench/extensions/${name}`, import.meta.url))
const test = base.extend('extension', { scope: 'file' }, () => fixture('settings-keeper'))

test("the theme a user of 1.0.0 picked is still theirs after the update", async ({ agent, chrome }) => {
  // In your repo, the release users have: chrome.installVersion({ git: 'v1.0.0', build: 'npm run build', output: 'dist' }).
  await chrome.installVersion(fixture('settings-keeper-1.0.0'))
  await agent.do("Click the extension icon in the Chrome toolbar, then click 'Dark'.", { maxSteps: 4, verify: "Does the popup show 'Theme: dark'?" })
  const update = await chrome.update()
  expect(update).toMatchObject({ previousVersion: '1.0.0', version: '2.0.0' })
  await agent.do('Click the extension icon in the Chrome toolbar.', { maxSteps: 3, verify: "Does the popup show 'Settings Keeper 2' and 'Theme: dark'?" })
  expect(await chrome.evaluate({ type: 'service_worker' }, "chrome.storage.local.get(null)")).toEqual({ prefs: { theme: 'dark' } })
})
