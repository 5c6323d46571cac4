// An optional host permission asked for at run time: the browser's own prompt, then the page's answer.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import type { ChromeFixture } from '../../src/targets/browser.ts'
import { clickVisible, inExtensionPage, shows } from '../truth.ts'

const ORIGINS = ['http://127.0.0.1/*']
const GRANT = "Click the extension icon in the Chrome toolbar, then click 'Grant access'. Click 'Allow'."
const GRANTED = "Does the page show 'Access granted'?"

/**
 * With the origin granted beforehand, request() answers at once without a prompt: a click on
 * 'Grant access' (one the browser takes as the user's) must take the page to its granted branch.
 */
async function grantedFromClick(chrome: ChromeFixture): Promise<boolean> {
  await chrome.grantPermissions({ origins: ORIGINS })
  try {
    return await inExtensionPage(chrome, 'access.html', async (tab) => (await clickVisible(tab, '#grant', 2000, { userGesture: true })) && shows(tab, '#status', 'Access granted'))
  } finally {
    await chrome.revokePermissions({ origins: ORIGINS })
  }
}

export default [
  defineBenchCase({
    id: 'permission/grant-site-access',
    category: 'permission',
    extension: 'site-access',
    browsers: ['chromium', 'firefox'],
    instruction: GRANT,
    verify: GRANTED,
    maxSteps: 5,
    expectedSteps: 3,
    mutantDescription:
      "The answer of chrome.permissions.request is destructured as if it were an object ({ granted }), but it is a boolean: the user allows, the browser grants, and the page still says 'Access refused'.",
    edits: [{ file: 'access.js', find: 'const granted = await chrome.permissions.request', replace: 'const { granted } = await chrome.permissions.request' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => grantedFromClick(chrome),
  }),
  defineBenchCase({
    id: 'permission/gesture-lost-to-await',
    category: 'permission',
    extension: 'site-access',
    // The mutant works on Chromium, whose transient activation (about 5 s) outlasts the await: a Firefox regression only.
    browsers: ['firefox'],
    instruction: GRANT,
    verify: GRANTED,
    maxSteps: 5,
    expectedSteps: 3,
    mutantDescription:
      "The click handler first counts the request in storage (await chrome.storage.local.get, then set) and asks after: the request no longer runs inside the click's handler. Firefox refuses it ('permissions.request may only be called from a user input handler'): no prompt, and the page says 'Could not ask: …'.",
    edits: [
      { file: 'manifest.json', find: '"optional_host_permissions"', replace: '"permissions": ["storage"],\n  "optional_host_permissions"' },
      {
        file: 'access.js',
        find: '    const granted = await chrome.permissions.request',
        replace: "    const { asked = 0 } = await chrome.storage.local.get('asked')\n    await chrome.storage.local.set({ asked: asked + 1 })\n    const granted = await chrome.permissions.request",
      },
    ],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => grantedFromClick(chrome),
  }),
]
