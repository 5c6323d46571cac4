// An auth-style flow in a tab: the popup's 'Sign in' opens the extension's sign-in page,
// 'Authorize' has the worker exchange a token (a delay standing in for the server), then the
// welcome page reads the account from storage.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import type { ChromeFixture } from '../../src/targets/browser.ts'
import { clickVisible, headingOfOpenedPage, inExtensionPage, inWorker, readOpenedPage, textOf } from '../truth.ts'

const SIGN_IN = "Click the extension icon in the Chrome toolbar, then click 'Sign in'."
// the token exchange takes a moment after the click, with nothing moving on screen meanwhile
const AUTHORIZE = "Click the extension icon in the Chrome toolbar, then click 'Sign in', then click 'Authorize' in the new tab. Then wait 3 seconds."
const SIGNED_IN = "Does the page say 'Signed in as demo'?"

/** From a signed-out state, 'Authorize' on the sign-in page ends on a welcome page that names the account. */
async function signsIn(chrome: ChromeFixture): Promise<boolean> {
  await inWorker(chrome, 'Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()])')
  return inExtensionPage(chrome, 'login.html', async (tab) => {
    if (!(await clickVisible(tab, '#authorize'))) return false
    const welcome = `/welcome.html?${tab.mark}`
    await chrome.waitForTarget({ type: 'page', url: welcome }, { timeout: 5000 })
    // long enough for the token exchange (1.2 s) and a page that would read storage late
    return (await readOpenedPage(chrome, welcome, textOf('#who', 'Signed in as demo', 3500))) === 'Signed in as demo'
  })
}

export default [
  defineBenchCase({
    id: 'auth-tab/opens-sign-in',
    category: 'auth-tab',
    extension: 'account-sign-in',
    instruction: SIGN_IN,
    verify: "Does a new tab show 'Sign in to Bench Notes'?",
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "The sign-in page was renamed to login.html, but the popup still opens 'signin.html': the new tab shows an error page.",
    edits: [{ file: 'popup.js', find: "url: 'login.html'", replace: "url: 'signin.html'" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ chrome }) =>
      (await headingOfOpenedPage(chrome, { from: 'popup.html', click: '#sign-in', opens: 'login.html' })) === 'Sign in to Bench Notes',
  }),
  defineBenchCase({
    id: 'auth-tab/token-storage',
    category: 'auth-tab',
    extension: 'account-sign-in',
    instruction: AUTHORIZE,
    verify: SIGNED_IN,
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription: 'The worker now keeps the account in chrome.storage.session ("safer"), but the welcome page still reads storage.local: it says \'Not signed in\'.',
    edits: [{ file: 'service-worker.js', find: 'await chrome.storage.local.set({ user })', replace: 'await chrome.storage.session.set({ user })' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => signsIn(chrome),
  }),
  defineBenchCase({
    id: 'auth-tab/navigate-race',
    category: 'auth-tab',
    extension: 'account-sign-in',
    instruction: AUTHORIZE,
    verify: SIGNED_IN,
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription: "A race: the sign-in page no longer awaits the worker's reply before going to the welcome page, which reads storage before the token exchange wrote it: 'Not signed in'.",
    edits: [{ file: 'login.js', find: "  await chrome.runtime.sendMessage({ type: 'authorize', user: 'demo' })", replace: "  chrome.runtime.sendMessage({ type: 'authorize', user: 'demo' })" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => signsIn(chrome),
  }),
]
