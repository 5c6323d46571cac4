// Storage-backed state: a counter and a theme kept in chrome.storage.local.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import type { ChromeFixture } from '../../src/targets/browser.ts'
import { clickVisible, inExtensionPage, inWorker, shows } from '../truth.ts'

const ADD_AND_REOPEN = "Click the extension icon in the Chrome toolbar, then click 'Add one'. Press Escape, then click the extension icon."
const REOPENED_ONE = "Does the reopened popup show 'You clicked 1 time'?"

/** From no count stored, 'Add one' shows 1, and a popup opened afresh shows 1 too. */
async function countSurvivesReopen(chrome: ChromeFixture): Promise<boolean> {
  await inWorker(chrome, "chrome.storage.local.remove(['count', 'KEY'])")
  const added = await inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, '#add')) && shows(tab, '#count', 'You clicked 1 time'))
  return added && inExtensionPage(chrome, 'popup.html', (tab) => shows(tab, '#count', 'You clicked 1 time'))
}

export default [
  defineBenchCase({
    id: 'storage/count-survives-reopen',
    category: 'storage',
    extension: 'tally',
    browsers: ['chromium', 'firefox'],
    instruction: ADD_AND_REOPEN,
    verify: REOPENED_ONE,
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription: "The save lost its computed key ({ KEY: count } instead of { [KEY]: count }): the popup shows the new count, but it is stored under 'KEY' and reopening shows 'You clicked 0 times'.",
    edits: [{ file: 'popup.js', find: 'await chrome.storage.local.set({ [KEY]: count })', replace: 'await chrome.storage.local.set({ KEY: count })' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => countSurvivesReopen(chrome),
  }),
  defineBenchCase({
    id: 'storage/chrome-only-api',
    category: 'storage',
    extension: 'tally',
    // The mutant works on Chromium: it is a Firefox regression only.
    browsers: ['firefox'],
    instruction: ADD_AND_REOPEN,
    verify: REOPENED_ONE,
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription:
      "A Chrome-only API shipped to Firefox: side panel support added, the popup script first sets chrome.sidePanel's behaviour. Firefox has no chrome.sidePanel: the script throws before its listeners, the popup shows no count and 'Add one' does nothing.",
    edits: [
      { file: 'manifest.json', find: '"permissions": ["storage"]', replace: '"permissions": ["storage", "sidePanel"]' },
      { file: 'popup.js', find: "const KEY = 'count'", replace: "chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false })\nconst KEY = 'count'" },
    ],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => countSurvivesReopen(chrome),
  }),
  defineBenchCase({
    id: 'storage/reset',
    category: 'storage',
    extension: 'tally',
    browsers: ['chromium', 'firefox'],
    instruction: "Click the extension icon in the Chrome toolbar, then click 'Add one', then click 'Reset'.",
    verify: "Does the popup show 'You clicked 0 times'?",
    maxSteps: 6,
    expectedSteps: 3,
    mutantDescription: "'Reset' still removes the key of the old storage layout ('counter'): the count stays as it was.",
    edits: [{ file: 'popup.js', find: 'await chrome.storage.local.remove(KEY)', replace: "await chrome.storage.local.remove('counter')" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ chrome }) => {
      await inWorker(chrome, 'chrome.storage.local.set({ count: 2 })')
      return inExtensionPage(chrome, 'popup.html', async (tab) => (await shows(tab, '#count', 'You clicked 2 times')) && (await clickVisible(tab, '#reset')) && shows(tab, '#count', 'You clicked 0 times'))
    },
  }),
  defineBenchCase({
    id: 'storage/default-theme',
    category: 'storage',
    extension: 'tally',
    browsers: ['chromium', 'firefox'],
    instruction: 'Click the extension icon in the Chrome toolbar.',
    verify: "Does the popup show 'Theme: Dark'?",
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription: 'The defaults are seeded in runtime.onStartup instead of onInstalled: a fresh install has no theme until the browser restarts (\'Theme: not set\').',
    edits: [{ file: 'service-worker.js', find: 'chrome.runtime.onInstalled.addListener', replace: 'chrome.runtime.onStartup.addListener' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => inExtensionPage(chrome, 'popup.html', (tab) => shows(tab, '#theme', 'Theme: Dark')),
  }),
]
