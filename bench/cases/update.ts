// Release day, the update: a user of 1.0.0 picked a theme; Chrome updates them in place to 2.0.0,
// which keeps settings under `prefs` and migrates 1.0.0's `theme` there in onInstalled ('update').
import { defineBenchCase, UPDATE } from '../../src/bench/bench-case.ts'
import type { ChromeFixture } from '../../src/targets/browser.ts'
import { clickVisible, inExtensionPage, shows } from '../truth.ts'

/** The theme 2.0.0 keeps, once its migration has had up to 3 s to run (onInstalled is asynchronous). */
const MIGRATED_THEME = `(async () => {
  const deadline = Date.now() + 3000
  for (;;) {
    const { prefs } = await chrome.storage.local.get('prefs')
    if (prefs?.theme !== undefined || Date.now() >= deadline) return prefs?.theme ?? null
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})()`

/** Installs 1.0.0, picks 'Dark' in its popup, updates in place to the build: whether the build keeps 'dark' and its popup shows it. */
async function keepsDarkAfterUpdate(chrome: ChromeFixture, previousVersion: string | undefined): Promise<boolean> {
  if (previousVersion === undefined) throw new Error('update/keeps-theme needs its previous version to install')
  await chrome.installVersion(previousVersion)
  const picked = await inExtensionPage(chrome, 'popup.html', async (tab) => (await clickVisible(tab, '#dark')) && shows(tab, '#theme', 'Theme: dark'))
  if (!picked) throw new Error("1.0.0's popup did not take 'Dark': the check cannot tell what the update did")
  await chrome.update()
  const stored = await inExtensionPage(chrome, 'popup.html', (tab) => tab.evaluate<string | null>(MIGRATED_THEME))
  return stored === 'dark' && inExtensionPage(chrome, 'popup.html', (tab) => shows(tab, '#theme', 'Theme: dark'))
}

export default [
  defineBenchCase({
    id: 'update/keeps-theme',
    category: 'update',
    extension: 'settings-keeper',
    previousVersion: 'settings-keeper-1.0.0',
    instruction: ["Click the extension icon in the Chrome toolbar, then click 'Dark'.", UPDATE, 'Press Escape, then click the extension icon in the Chrome toolbar.'],
    verify: "Does the popup show 'Settings Keeper 2' and 'Theme: dark'?",
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "The migration runs on reason 'install' instead of 'update' (copied from first-run seeding): an update never moves 1.0.0's `theme` to `prefs`, and the user's 'Dark' is lost ('Theme: light').",
    edits: [{ file: 'worker.js', find: "if (reason !== 'update') return", replace: "if (reason !== 'install') return" }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome, previousVersion }) => keepsDarkAfterUpdate(chrome, previousVersion),
  }),
]
