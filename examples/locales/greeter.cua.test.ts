// Release day in every language: the config runs this file once per browser language it lists
// (`locales: ['de', 'ar']`, projects 'locales (de)' and 'locales (ar)'), Chromium's whole UI in that
// language, so the popup must find its messages in _locales and lay out right to left in Arabic.
import { readFileSync } from 'node:fs'
import { expect, test } from 'agentprobe/vitest'

const EXTENSION = new URL('../../bench/extensions/greeter-i18n/', import.meta.url)
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur'])
/** The extension's own messages for a language: what its popup should show. */
const messages = (language: string): Record<string, { message: string }> => JSON.parse(readFileSync(new URL(`_locales/${language}/messages.json`, EXTENSION), 'utf8'))

test('the popup greets in the browser language, right to left where the language reads so', async ({ agent, chrome, screen }) => {
  await agent.do('Click the extension icon in the Chrome toolbar.', { maxSteps: 3 })
  const popup = await chrome.waitForTarget({ url: /popup\.html$/ })
  const read = () =>
    chrome.evaluate<{ ui: string; greeting: string; direction: string }>(
      { url: popup.url },
      `({ ui: chrome.i18n.getUILanguage(), greeting: document.querySelector('h1').textContent, direction: getComputedStyle(document.body).direction })`,
    )
  // The popup's target is there before its script has run (on a loaded machine, well after the click's
  // screen settled): wait until it has written its greeting.
  await expect.poll(async () => (await read()).greeting).not.toBe('')
  const shown = await read()
  const language = shown.ui.split('-')[0]!
  expect(shown.greeting).toBe(messages(language).greeting!.message)
  expect(shown.direction).toBe(RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr')
  // What the user sees, judged from the screen. (The keyless model reads Latin script only: in
  // Arabic it says so and this check needs a vision model, or a cassette recorded with one.)
  if (!RIGHT_TO_LEFT.has(language)) await expect(screen).toVerify(`Does the popup show '${shown.greeting}'?`)
})
