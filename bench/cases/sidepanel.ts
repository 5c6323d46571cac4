// Side panel opened by the toolbar icon (no popup): the worker sets the panel's behaviour and path.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import { clickVisible, inExtensionPage, inWorker, shows } from '../truth.ts'

const OPEN_PANEL = 'Click the extension icon in the Chrome toolbar. The side panel should open on the right.'
const SHOWS_PANEL = "Is the side panel open and showing 'Reading List'?"

export default [
  defineBenchCase({
    id: 'sidepanel/open-on-action-click',
    category: 'sidepanel',
    extension: 'reading-list',
    instruction: OPEN_PANEL,
    verify: SHOWS_PANEL,
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription:
      'The seed\'s bug: the service worker no longer calls chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }), so clicking the toolbar icon does nothing.',
    edits: [{ file: 'service-worker.js', find: 'chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error) => console.error(error))\n', replace: '' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ chrome }) =>
      (await inWorker<boolean>(chrome, 'chrome.sidePanel.getPanelBehavior().then((b) => b.openPanelOnActionClick === true)')) === true,
  }),
  defineBenchCase({
    id: 'sidepanel/wrong-panel-path',
    category: 'sidepanel',
    extension: 'reading-list',
    instruction: OPEN_PANEL,
    verify: SHOWS_PANEL,
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription: "The worker points the panel at 'panel/sidepanel.html', a path the build does not have (Chromium checks only the manifest's default_path): the panel opens on an error page.",
    edits: [{ file: 'service-worker.js', find: "const PANEL_PATH = 'sidepanel.html'", replace: "const PANEL_PATH = 'panel/sidepanel.html'" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) =>
      inWorker<boolean>(
        chrome,
        `chrome.sidePanel.getOptions({}).then((o) => fetch(chrome.runtime.getURL(o.path ?? 'sidepanel.html')).then((r) => r.ok, () => false))`,
      ),
  }),
  defineBenchCase({
    id: 'sidepanel/save-page',
    category: 'sidepanel',
    extension: 'reading-list',
    instruction: "Click the extension icon in the Chrome toolbar, then click 'Save this page' in the side panel.",
    verify: "Does the side panel show 'Saved 1 page'?",
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "After a build-folder change the panel loads 'js/panel.js', which is not in the build: the panel shows, but 'Save this page' does nothing.",
    edits: [{ file: 'sidepanel.html', find: '<script src="panel.js">', replace: '<script src="js/panel.js">' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => inExtensionPage(chrome, 'sidepanel.html', async (tab) => (await clickVisible(tab, '#save')) && shows(tab, '#saved', 'Saved 1 page')),
  }),
]
