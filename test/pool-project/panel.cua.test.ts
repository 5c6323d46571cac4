import { expect, test } from 'agentprobe/vitest'

test('the side panel page shows its heading', async ({ chrome, browser }) => {
  await chrome.openExtensionPage('sidepanel.html')
  const heading = await chrome.evaluate({ url: /sidepanel\.html$/ }, "document.querySelector('h1').textContent")
  console.log(`WATCH-RESULT pid=${browser.lease.pid} heading=${heading}`)
  expect(heading).toMatch(/^Sidepanel UI/)
})
