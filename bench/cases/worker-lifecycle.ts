// What survives when Chrome stops an idle MV3 service worker (after about 30 s): its globals do not.
import { defineBenchCase, STOP_WORKER } from '../../src/bench/bench-case.ts'
import { clickVisible, inExtensionPage, inWorker, shows } from '../truth.ts'

export default [
  defineBenchCase({
    id: 'worker-lifecycle/count-survives-stop',
    category: 'worker-lifecycle',
    extension: 'worker-tally',
    instruction: ["Click the extension icon in the Chrome toolbar, then click 'Add one'. Press Escape.", STOP_WORKER, 'Click the extension icon in the Chrome toolbar.'],
    verify: "Does the popup show 'Counted 1 visit'?",
    maxSteps: 4,
    expectedSteps: 2,
    mutantDescription:
      "The worker keeps the count in a global variable instead of chrome.storage.session: it counts while the worker lives, and shows 'Counted 0 visits' once Chrome has stopped the idle worker.",
    edits: [
      {
        file: 'service-worker.js',
        find: "async function readCount() {\n  const { count = 0 } = await chrome.storage.session.get('count')\n  return count\n}\n\nasync function addOne() {\n  const count = (await readCount()) + 1\n  await chrome.storage.session.set({ count })\n  return count\n}",
        replace: 'let count = 0\n\nasync function readCount() {\n  return count\n}\n\nasync function addOne() {\n  count += 1\n  return count\n}',
      },
    ],
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ chrome }) => {
      await inWorker(chrome, 'chrome.storage.session.clear()')
      await chrome.stopServiceWorker()
      const counted = await inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, '#add')) && shows(tab, '#count', 'Counted 1 visit'))
      await chrome.stopServiceWorker()
      return counted && inExtensionPage(chrome, 'popup.html', (tab) => shows(tab, '#count', 'Counted 1 visit'))
    },
  }),
  defineBenchCase({
    id: 'worker-lifecycle/icon-after-restart',
    category: 'worker-lifecycle',
    extension: 'site-access',
    instruction: [STOP_WORKER, 'Click the extension icon in the Chrome toolbar.'],
    verify: "Does the page show 'Not asked yet'?",
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription:
      "action.onClicked is registered in the worker's 'activate' handler, the way a web service worker sets itself up: that runs once, when the worker is installed, so the icon works until Chrome stops the idle worker and does nothing after.",
    edits: [
      {
        file: 'service-worker.js',
        find: "chrome.action.onClicked.addListener(() => {\n  chrome.tabs.create({ url: 'access.html' })\n})",
        replace: "self.addEventListener('activate', () => {\n  chrome.action.onClicked.addListener(() => {\n    chrome.tabs.create({ url: 'access.html' })\n  })\n})",
      },
    ],
    expected: { good: 'pass', mutant: 'fail' },
    // triggerAction is the icon click without pixels: after a stop, it must open the access page.
    truth: async ({ chrome }) => {
      const url = /^chrome-extension:\/\/[a-p]{32}\/access\.html/
      await chrome.stopServiceWorker()
      for (const open of await chrome.targets({ type: 'page', url })) await chrome.closeTarget(open.id)
      const { opened } = await chrome.triggerAction({ timeout: 3000 })
      for (const page of opened) await chrome.closeTarget(page.id).catch(() => undefined)
      return opened.some((page) => url.test(page.url))
    },
  }),
]
