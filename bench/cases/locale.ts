// Release day, another language: every text of the popup comes from _locales (en by default, de,
// ar); the browser runs in German.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import { inExtensionPage, shows } from '../truth.ts'
import { requireUiLanguage } from '../truth-appearance.ts'

/** The message names of a locale's messages.json, read from the extension itself. */
const MESSAGE_NAMES = (locale: string) => `fetch('/_locales/${locale}/messages.json').then((r) => r.json()).then((m) => Object.keys(m))`

export default [
  defineBenchCase({
    id: 'locale/missing-message',
    category: 'locale',
    extension: 'greeter-i18n',
    locale: 'de',
    instruction: 'Click the extension icon in the Chrome toolbar.',
    verify: "Does the popup show 'Guten Morgen'?",
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription: "The German messages were regenerated from an older export that lacks 'greeting': Chrome falls back to the default locale, and a German user reads 'Good morning'.",
    edits: [{ file: '_locales/de/messages.json', find: '  "greeting": { "message": "Guten Morgen" },\n', replace: '' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) =>
      inExtensionPage(chrome, 'popup.html', async (tab) => {
        await requireUiLanguage(tab, 'de')
        const [names, german] = [await tab.evaluate<string[]>(MESSAGE_NAMES('en')), new Set(await tab.evaluate<string[]>(MESSAGE_NAMES('de')))]
        return names.every((name) => german.has(name)) && shows(tab, '#greeting', 'Guten Morgen')
      }),
  }),
]
