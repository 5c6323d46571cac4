// Options page: reached from the popup's 'Settings' button (chrome.runtime.openOptionsPage),
// where a name is saved to chrome.storage.sync.
import { defineBenchCase } from '../../src/bench/bench-case.ts'
import type { ChromeFixture } from '../../src/targets/browser.ts'
import { clickVisible, fill, headingOfOpenedPage, inExtensionPage, shows, type CheckTab } from '../truth.ts'

const OPEN_SETTINGS = "Click the extension icon in the Chrome toolbar, then click 'Settings'."

/** The options page saves what is typed: the status says so and storage holds it. */
async function saves(chrome: ChromeFixture, submit: (tab: CheckTab) => Promise<boolean>): Promise<boolean> {
  return inExtensionPage(chrome, 'options.html', async (tab) => {
    await fill(tab, '#name', 'Ada')
    if (!(await submit(tab))) return false
    if (!(await shows(tab, '#status', 'Saved: Ada'))) return false
    return (await tab.evaluate<string | undefined>("chrome.storage.sync.get('name').then((v) => v.name)")) === 'Ada'
  })
}

export default [
  defineBenchCase({
    id: 'options/open-settings',
    category: 'options',
    extension: 'settings-page',
    instruction: OPEN_SETTINGS,
    verify: "Does a tab show the page 'Extension Settings'?",
    maxSteps: 5,
    expectedSteps: 2,
    mutantDescription: "The popup's button was renamed to id 'open-settings' in the HTML but not in popup.js: the script throws on null and 'Settings' does nothing.",
    edits: [{ file: 'popup.html', find: '<button id="settings">', replace: '<button id="open-settings">' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: async ({ chrome }) =>
      (await headingOfOpenedPage(chrome, { from: 'popup.html', click: 'button', opens: 'options.html' })) === 'Extension Settings',
  }),
  defineBenchCase({
    id: 'options/save-name',
    category: 'options',
    extension: 'settings-page',
    instruction: `${OPEN_SETTINGS} Type 'Ada' into the 'Display name' field, then click 'Save'.`,
    verify: "Does the settings page show 'Saved: Ada'?",
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription: 'The "storage" permission was dropped from the manifest in a permissions clean-up: chrome.storage is undefined and saving throws.',
    edits: [{ file: 'manifest.json', find: '"permissions": ["storage"]', replace: '"permissions": []' }],
    expected: { good: 'pass', mutant: 'fail' },
    truth: ({ chrome }) => saves(chrome, (tab) => clickVisible(tab, '#save')),
  }),
  defineBenchCase({
    id: 'options/enter-saves',
    category: 'options',
    extension: 'settings-page',
    instruction: `${OPEN_SETTINGS} Type 'Ada' into the 'Display name' field, then press Enter.`,
    verify: "Does the settings page show 'Saved: Ada'?",
    maxSteps: 6,
    expectedSteps: 4,
    mutantDescription: "A refactor swapped the <form> for a <div> and saves on the button's click only: 'Save' still works, Enter in the field no longer saves.",
    edits: [
      { file: 'options.html', find: '<form id="form">', replace: '<div id="form" class="form">' },
      { file: 'options.html', find: '</form>', replace: '</div>' },
      { file: 'options.html', find: '<button id="save" type="submit">', replace: '<button id="save" type="button">' },
      { file: 'options.js', find: "getElementById('form').addEventListener('submit', async (event) => {\n  event.preventDefault()", replace: "getElementById('save').addEventListener('click', async () => {" },
      { file: 'style.css', find: 'form {', replace: '.form {' },
    ],
    expected: { good: 'pass', mutant: 'fail' },
    // Enter in a form's only text field submits it (HTML implicit submission): the check submits
    // the field's form as Enter would; with no form there is nothing Enter could submit.
    truth: ({ chrome }) => saves(chrome, (tab) => tab.evaluate<boolean>("(() => { const form = document.querySelector('#name').form; form?.requestSubmit(); return Boolean(form) })()")),
  }),
]
