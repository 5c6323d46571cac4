// Release day, the dark theme: the popup follows prefers-color-scheme (light text on a dark
// background); the browser runs dark, in English.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import { READABLE_CONTRAST } from '../../src/core/contrast.ts'
import { inExtensionPage, shows } from '../truth.ts'
import { requireDarkScheme, textContrast } from '../truth-appearance.ts'

export default [
  defineBenchCase({
    id: 'theme/dark-heading',
    category: 'theme',
    extension: 'greeter-i18n',
    locale: 'en',
    colorScheme: 'dark',
    instruction: 'Click the extension icon in the Chrome toolbar.',
    verify: "Does the popup show 'Good morning'?",
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription: "A restyle pinned the heading's colour to the light theme's text colour (#202124): in dark mode that is the background's colour, and the greeting vanishes.",
    edits: [{ file: 'popup.css', find: 'h1 { font-size: 24px; margin: 0 0 8px; }', replace: 'h1 { font-size: 24px; margin: 0 0 8px; color: #202124; }' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) =>
      inExtensionPage(chrome, 'popup.html', async (tab) => {
        await requireDarkScheme(tab)
        return (await shows(tab, '#greeting', 'Good morning')) && (await textContrast(tab, '#greeting')) >= READABLE_CONTRAST
      }),
  }),
]
