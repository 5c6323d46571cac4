// Storage-backed state: a counter and a theme kept in chrome.storage.local.
import { defineBenchCase } from '../../src/harness/bench-case.ts'
import { clickVisible, inExtensionPage, inWorker, shows } from '../truth.ts'

export default [
  defineBenchCase({
    id: 'storage/count-survives-reopen',
    category: 'storage',
    extension: 'tally',
    instruction: "Click the extension icon in the Chrome toolbar, then click 'Add one'. Press Escape to close the popup, then click the extension icon.",
    verify: "Does the reopened popup show 'Count: 1'?",
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription: "The save lost its computed key ({ KEY: count } instead of { [KEY]: count }): the popup shows the new count, but it is stored under 'KEY' and reopening shows 'Count: 0'.",
    edits: [{ file: 'popup.js', find: 'await chrome.storage.local.set({ [KEY]: count })', replace: 'await chrome.storage.local.set({ KEY: count })' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ chrome }) => {
      await inWorker(chrome, "chrome.storage.local.remove(['count', 'KEY'])")
      const added = await inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, '#add')) && shows(tab, '#count', 'Count: 1'))
      return added && inExtensionPage(chrome, 'popup.html', (tab) => shows(tab, '#count', 'Count: 1'))
    },
  }),
  defineBenchCase({
    id: 'storage/reset',
    category: 'storage',
    extension: 'tally',
    instruction: "Click the extension icon in the Chrome toolbar, then click 'Add one', then click 'Reset'.",
    verify: "Does the popup show 'Count: 0'?",
    maxSteps: 6,
    expectedSteps: 3,
    mutantDescription: "'Reset' still removes the key of the old storage layout ('counter'): the count stays as it was.",
    edits: [{ file: 'popup.js', find: 'await chrome.storage.local.remove(KEY)', replace: "await chrome.storage.local.remove('counter')" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ chrome }) => {
      await inWorker(chrome, 'chrome.storage.local.set({ count: 2 })')
      return inExtensionPage(chrome, 'popup.html', async (tab) => (await shows(tab, '#count', 'Count: 2')) && (await clickVisible(tab, '#reset')) && shows(tab, '#count', 'Count: 0'))
    },
  }),
  defineBenchCase({
    id: 'storage/default-theme',
    category: 'storage',
    extension: 'tally',
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
