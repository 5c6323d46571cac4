// A keyboard shortcut the manifest declares: Chrome assigns it and sends the command to the worker.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import { inWorker } from '../truth.ts'

export default [
  defineBenchCase({
    id: 'shortcut/open-notes',
    category: 'shortcut',
    extension: 'quick-notes',
    instruction: 'Press Alt+Shift+Y.',
    verify: "Does the page show 'Opened by the shortcut'?",
    maxSteps: 4,
    expectedSteps: 1,
    mutantDescription:
      "A refactor kept the worker's onCommand function but dropped the line that registers it: the manifest still declares Alt+Shift+Y and Chrome still assigns it, but pressing it does nothing.",
    edits: [{ file: 'service-worker.js', find: '\nchrome.commands.onCommand.addListener(onCommand)\n', replace: '\n' }],
    expected: { good: 'pass', mutant: 'fail' },
    // A key event sent over CDP never reaches Chrome's shortcuts: the shortcut must be assigned, and a freshly started worker must listen for it.
    truth: async ({ chrome }) => {
      const commands = await inWorker<{ name: string; shortcut: string }[]>(chrome, 'chrome.commands.getAll()')
      if (commands.find((c) => c.name === 'open-notes')?.shortcut !== 'Alt+Shift+Y') return false
      await chrome.stopServiceWorker()
      return inWorker<boolean>(chrome, 'chrome.commands.onCommand.hasListeners()')
    },
  }),
]
