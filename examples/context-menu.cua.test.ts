// A context-menu item an extension adds to pages: Chrome draws the menu itself, outside the page's
// DOM, so only real input reaches it. The agent right-clicks the page and picks the item by its
// label; CDP says the item is registered before any pixel is read, and that the panel opened.
import { fileURLToPath } from 'node:url'
import { expect, test as base } from 'agentprobe/vitest'

const test = base.extend('extension', { scope: 'file' }, () => fileURLToPath(new URL('../fixtures/extensions/context-menu-sidepanel', import.meta.url)))

const PAGE = 'data:text/html,<title>Trail notes</title><h1 style="font: 40px sans-serif">Trail notes</h1>'

test('the page menu item opens the reading panel', async ({ agent, chrome }) => {
  await chrome.openPage(PAGE)
  // Chrome records the items a moment after the worker creates them: wait for this one.
  const items = await chrome.contextMenu({ waitFor: 'Open in Reading Panel' })
  expect(items.find((item) => item.title === 'Open in Reading Panel')?.contexts).toEqual(['page', 'selection'])
  // With a real model, say it as a user would: "Right-click the page and open it in the Reading Panel."
  await agent.do("Right-click 'Trail notes' on the page, then click 'Open in Reading Panel'.", {
    maxSteps: 5,
    verify: "Is the side panel open and showing 'Not read yet'?",
  })
  await expect(chrome).toHaveTarget({ type: 'page', url: /panel\.html$/ })
})
