// Toolbar popup: the agent opens the popup from the pinned icon and uses its buttons.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import { clickVisible, inExtensionPage, shows } from '../truth.ts'

const OPEN_AND_SAY_HELLO = "Click the extension icon in the Chrome toolbar, then click 'Say hello'."
const GREETS = "Does the popup show 'Hello from Greeter'?"

export default [
  defineBenchCase({
    id: 'popup/say-hello',
    category: 'popup',
    extension: 'popup-greeter',
    browsers: ['chromium', 'firefox'],
    instruction: OPEN_AND_SAY_HELLO,
    verify: GREETS,
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "A renamed element id left behind in the click handler ('greting'): it throws a TypeError on null and the greeting never appears.",
    edits: [{ file: 'popup.js', find: "getElementById('greeting')", replace: "getElementById('greting')" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) =>
      inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, '#hello')) && shows(tab, '#greeting', 'Hello from Greeter')),
  }),
  defineBenchCase({
    id: 'popup/add-one-hidden',
    category: 'popup',
    extension: 'popup-greeter',
    browsers: ['chromium', 'firefox'],
    instruction: "Click the extension icon in the Chrome toolbar, then click 'Add one'.",
    verify: "Does the popup show 'Count: 1'?",
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "A CSS rule meant for a compact layout hides the 'Add one' button (display: none) in every popup: nothing to click.",
    edits: [{ file: 'popup.css', find: '#add { border-color: #047857;', replace: '#add { display: none; border-color: #047857;' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, '#add')) && shows(tab, '#count', 'Count: 1')),
  }),
  defineBenchCase({
    id: 'popup/restyled',
    category: 'popup',
    extension: 'popup-greeter',
    browsers: ['chromium', 'firefox'],
    instruction: OPEN_AND_SAY_HELLO,
    verify: GREETS,
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: 'Benign: a restyle stacks the buttons, paints them orange and moves them down. Everything still works; a verdict of fail here is a false fail.',
    edits: [
      { file: 'popup.css', find: '.row { display: flex; gap: 12px; }', replace: '.row { display: flex; flex-direction: column; align-items: flex-start; gap: 16px; margin-top: 36px; }' },
      {
        file: 'popup.css',
        find: 'border: 1px solid #1a56db; border-radius: 6px; background: #e8f0fe; color: #0b3d91;',
        replace: 'border: 2px solid #c2410c; border-radius: 18px; background: #fdba74; color: #431407;',
      },
    ],
    expected: { good: 'pass', mutant: 'pass' },
    truth: ({ chrome }) =>
      inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, '#hello')) && shows(tab, '#greeting', 'Hello from Greeter')),
  }),
]
