// Written as for Chromium and run unchanged on Firefox: the `chrome` fixture's deterministic helpers
// on the extension's pages, its background (Chromium's service worker, Firefox's event page) and
// its storage, then a reload from its folder.
import { expect, test } from 'agentprobe/vitest'

const POPUP = { type: 'page', url: /popup\.html$/ }

test("the chrome fixture reads the extension's pages, background and storage, and reloads it", async ({ chrome }) => {
  // The reset before this file installed (Firefox) or reloaded (Chromium) the extension afresh. Its
  // background writes the reason once it has started: on two busy cores Firefox's event page took
  // over a second (expect.poll's default), so the poll waits up to 10 s.
  await expect.poll(() => chrome.storage('local'), { timeout: 10_000 }).toEqual({ installed: expect.stringMatching(/^(install|update)$/) })
  expect(await chrome.evaluate({ type: 'service_worker' }, 'typeof startedAt')).toBe('number')
  await expect(chrome).toHaveTarget({ type: 'service_worker' })

  const page = await chrome.openExtensionPage('popup.html')
  expect(page).toMatchObject({ type: 'page', url: expect.stringMatching(/popup\.html$/), title: 'Tally Both' })
  await expect(chrome).toHaveTarget(POPUP)
  expect(await chrome.evaluate(POPUP, "document.getElementById('add').click(), document.getElementById('count').textContent")).toBe('Count: 1')
  await chrome.evaluate(POPUP, "chrome.storage.local.set({ color: 'teal' })")
  expect(await chrome.storage()).toMatchObject({ color: 'teal' })
  expect(await chrome.storage('session')).toEqual({})

  await chrome.clearStorageArea('local')
  expect(await chrome.storage('local')).toEqual({})

  await chrome.reloadExtension()
  await expect(chrome).not.toHaveTarget(POPUP)
  await expect.poll(() => chrome.storage('local'), { timeout: 10_000 }).toEqual({ installed: 'update' })
})
