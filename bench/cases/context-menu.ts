// A page context-menu item: Chrome draws it in its own menu, the worker handles the click.
import { defineBenchCase, STOP_WORKER } from '../../src/bench/bench-case.ts'
import { inWorker } from '../truth.ts'

export default [
  defineBenchCase({
    id: 'context-menu/save-after-restart',
    category: 'context-menu',
    extension: 'clippings',
    page: 'article.html',
    // Chrome stops an idle worker after about 30 s: the user's right-click comes after that.
    instruction: [STOP_WORKER, "Right-click 'Walking the Old Town' on the page, then click 'Save to Clippings'."],
    verify: "Does the page show 'Clipping saved'?",
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription:
      "The onClicked listener is registered inside onInstalled, next to contextMenus.create: Chrome keeps the item across worker restarts, but a worker it stopped wakes without the listener, so the item does nothing until the extension is reinstalled.",
    edits: [
      {
        file: 'service-worker.js',
        find: "['page', 'selection'] })\n})\n\nchrome.contextMenus.onClicked.addListener(saveClipping)\n",
        replace: "['page', 'selection'] })\n  chrome.contextMenus.onClicked.addListener(saveClipping)\n})\n",
      },
    ],
    expected: { good: 'pass', mutant: 'fail' },
    // No API clicks a context-menu item; after a stop, the woken worker must still know the item and listen for its clicks.
    truth: async ({ chrome }) => {
      await chrome.stopServiceWorker()
      return inWorker<boolean>(chrome, "chrome.contextMenus.update('save-clipping', {}).then(() => chrome.contextMenus.onClicked.hasListeners(), () => false)")
    },
  }),
]
