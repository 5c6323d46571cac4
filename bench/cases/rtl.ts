// Release day, right to left: the popup mirrors itself in Arabic (its CSS takes the direction from
// __MSG_@@bidi_dir__); the browser runs in Arabic.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import { inExtensionPage } from '../truth.ts'
import { bodyDirection, requireUiLanguage, textShown } from '../truth-appearance.ts'

export default [
  defineBenchCase({
    id: 'rtl/row-in-view',
    category: 'rtl',
    extension: 'greeter-i18n',
    locale: 'ar',
    instruction: 'Click the extension icon in the Chrome toolbar.',
    verify: "Does the popup show 'UI: ar'?",
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription:
      "A restyle gives the language row width: 480px and the physical text-align: left, checked in English only, where the popup (overflow: hidden) cuts off empty space on the right: right to left the row overflows leftwards, the popup clips it there, and its left-aligned text is gone.",
    edits: [{ file: 'popup.css', find: '#language { font-size: 14px; }', replace: '#language { font-size: 14px; width: 480px; text-align: left; }' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) =>
      inExtensionPage(chrome, 'popup.html', async (tab) => {
        await requireUiLanguage(tab, 'ar')
        if ((await bodyDirection(tab)) !== 'rtl') throw new Error('the popup is not laid out right to left in Arabic: the check cannot judge its mirrored layout')
        return textShown(tab, '#language')
      }),
  }),
]
