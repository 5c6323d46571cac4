// Quick Notes has no background at all: the popup writes to chrome.storage itself.
import { expect, test } from 'agentprobe/vitest'
import { logBuild } from './build-line.ts'

test('Quick Notes: a note typed in the popup is saved', async ({ agent, screen, chrome, browser }) => {
  await agent.do("Click the extension icon in the Chrome toolbar, then type 'milk' into the 'Note' field, then click 'Save note'.", { maxSteps: 8 })
  await expect(screen).toShowText('Saved notes: milk')
  expect(await chrome.evaluate({ url: /popup\.html$/ }, 'chrome.storage.local.get("notes").then((s) => s.notes)')).toEqual(['milk'])
  await logBuild(chrome, browser.lease.pid)
})
