// An optional host permission asked for at run time: Chrome's own prompt, then the page's answer.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import { clickVisible, inExtensionPage, shows } from '../truth.ts'

const ORIGINS = ['http://127.0.0.1/*']

export default [
  defineBenchCase({
    id: 'permission/grant-site-access',
    category: 'permission',
    extension: 'site-access',
    instruction: "Click the extension icon in the Chrome toolbar, then click 'Grant access'. Click 'Allow'.",
    verify: "Does the page show 'Access granted'?",
    maxSteps: 5,
    expectedSteps: 3,
    mutantDescription:
      "The answer of chrome.permissions.request is destructured as if it were an object ({ granted }), but it is a boolean: the user allows, Chrome grants, and the page still says 'Access refused'.",
    edits: [{ file: 'access.js', find: 'const granted = await chrome.permissions.request', replace: 'const { granted } = await chrome.permissions.request' }],
    expected: { good: 'pass', mutant: 'fail' },
    // With the origin granted beforehand, request() answers at once without a prompt: the page must take the granted branch.
    truth: async ({ chrome }) => {
      await chrome.grantPermissions({ origins: ORIGINS })
      try {
        return await inExtensionPage(chrome, 'access.html', async (tab) => (await clickVisible(tab, '#grant', 2000, { userGesture: true })) && shows(tab, '#status', 'Access granted'))
      } finally {
        await chrome.revokePermissions({ origins: ORIGINS })
      }
    },
  }),
]
