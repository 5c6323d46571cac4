// Service-worker messaging: the popup asks the worker and shows its answer.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import type { ChromeFixture } from '../../src/targets/browser.ts'
import { clickVisible, inExtensionPage, shows } from '../truth.ts'

const PING = "Click the extension icon in the Chrome toolbar, then click 'Ping worker'."
const PONG = "Does the popup show 'Worker replied: pong'?"

function answers(chrome: ChromeFixture, button: string, wanted: string): Promise<boolean> {
  return inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, button)) && shows(tab, '#reply', wanted))
}

export default [
  defineBenchCase({
    id: 'messaging/ping',
    category: 'messaging',
    extension: 'worker-check',
    instruction: PING,
    verify: PONG,
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "The worker's message types were renamed to constants ('PING') on one side only: the ping is never answered and the popup reports the closed port.",
    edits: [{ file: 'service-worker.js', find: "message?.type === 'ping'", replace: "message?.type === 'PING'" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => answers(chrome, '#ping', 'Worker replied: pong'),
  }),
  defineBenchCase({
    id: 'messaging/async-reply',
    category: 'messaging',
    extension: 'worker-check',
    // Said as a user would, with no label quoted: a model must find the button itself (the offline grammar cannot).
    instruction: "Open the extension's popup from the toolbar and ask the service worker for its stats.",
    verify: "Does the popup show 'Pages saved: 3'?",
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "The listener no longer returns true after starting its asynchronous storage read: the channel closes at once and the 'stats' message is never answered.",
    edits: [{ file: 'service-worker.js', find: '    readStats().then(sendResponse)\n    return true', replace: '    readStats().then(sendResponse)\n    return false' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => answers(chrome, '#stats', 'Pages saved: 3'),
  }),
  defineBenchCase({
    id: 'messaging/slow-reply',
    category: 'messaging',
    extension: 'worker-check',
    instruction: PING,
    verify: PONG,
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: 'Benign: the worker now logs each ping to storage before answering, so the reply comes 700 ms later, correctly. A verdict of fail here is a false fail.',
    edits: [
      {
        file: 'service-worker.js',
        find: "    sendResponse({ text: 'pong' })\n    return false",
        replace:
          "    new Promise((resolve) => setTimeout(resolve, 700))\n      .then(() => chrome.storage.local.set({ lastPing: Date.now() }))\n      .then(() => sendResponse({ text: 'pong' }))\n    return true",
      },
    ],
    expected: { good: 'pass', mutant: 'pass' },
    truth: ({ chrome }) => answers(chrome, '#ping', 'Worker replied: pong'),
  }),
]
