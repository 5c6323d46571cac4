// The *.cua.test.ts that `agentprobe init` writes: one test per surface the manifest declares,
// each of which passes on a good build with the keyless offline model (it checks only what the
// manifest and the pages' own HTML promise) and says how a real model makes it stronger. When the
// config runs Firefox too, every test runs unchanged on both browsers, and a surface only one of
// them has is skipped on the other with the reason (a skip the report shows, not a silent pass).
import type { BrowserName } from '../targets/browser.ts'
import type { ExtensionFacts, ExtensionPage } from './extension-facts.ts'
import { VITEST, type TestDialect } from './test-dialect.ts'

/** A TypeScript string literal: single quotes, or double quotes around a question that quotes a label. */
const q = (text: string) => (text.includes("'") && !text.includes('"') ? JSON.stringify(text) : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`)
/** A RegExp literal matching a target URL that ends with `path` (a query or hash allowed). */
const urlRegex = (path: string) => `/\\/${path.replace(/[?#].*$/, '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([?#].*)?$/`
/** The icon click; "the toolbar" when it runs on Firefox too, whose toolbar is no Chrome toolbar. */
const clickIcon = (firefox: boolean) => `await agent.do('Click the extension icon in the ${firefox ? '' : 'Chrome '}toolbar.', { maxSteps: 5 })`
/** The first line of a test for a surface only one browser has: a visible skip on the other. */
const onlyOn = (browser: 'Firefox' | 'Chromium', why: string) =>
  `  if (${browser === 'Firefox' ? '!' : ''}chrome.version.includes('Firefox')) return skip(${q(why)})`

/**
 * The quoted-text check of what a page shows, or a comment saying why there is none. A label that
 * is one of the default locale's messages is read from chrome.i18n instead, so that a run in each
 * language quotes what that language shows.
 */
function showsText(d: TestDialect, page: ExtensionPage, what: string): string {
  if (page.text && page.message) {
    return `  // '${page.text}' is the message '${page.message}' of _locales: each language's run quotes its own.
  const label = await chrome.evaluate${d.ts('<string>')}({ url: ${urlRegex(page.path)} }, ${q(`chrome.i18n.getMessage('${page.message}')`)})
  await expect(screen).toVerify(\`Is the ${what} showing '\${label}'?\`)`
  }
  return page.text
    ? `  await expect(screen).toVerify(${q(`Is the ${what} showing '${page.text}'?`)})`
    : `  // ${page.path} quotes no label: it has none in its HTML, or runs a script that may draw or\n  // rewrite its text. Quote one it shows:\n  // await expect(screen).toVerify("Is the ${what} showing 'a label it shows'?")`
}

function popupTest(d: TestDialect, ext: ExtensionFacts, popup: ExtensionPage, firefox: boolean): string {
  return `// A real click on the toolbar icon opens ${popup.path} (checked over ${firefox ? 'CDP or WebDriver BiDi' : 'CDP'})${popup.text ? `, which shows '${popup.text}' (read from its HTML)` : ''}.
test(${q(`${ext.name}: the toolbar icon opens the popup`)}, async (${d.params('agent, screen, chrome')}) => {
  ${clickIcon(firefox)}
  await expect(chrome).toHaveTarget({ type: 'page', url: ${urlRegex(popup.path)} })
${showsText(d, popup, 'popup')}
})`
}

function pageTest(d: TestDialect, ext: ExtensionFacts, page: ExtensionPage, what: string, title: string): string {
  return `// ${page.path} opens in a tab and loads${page.text ? `, showing '${page.text}' (read from its HTML)` : ''}.
test(${q(`${ext.name}: ${title}`)}, async (${d.params('screen, chrome')}) => {
  await chrome.openExtensionPage(${q(page.path)})
  await expect(chrome).toHaveTarget({ type: 'page', url: ${urlRegex(page.path)} })
${showsText(d, page, what)}
})`
}

function sidePanelTest(d: TestDialect, ext: ExtensionFacts, panel: NonNullable<ExtensionFacts['sidePanel']>, firefox: boolean): string {
  if (!panel.permitted) return pageTest(d, ext, panel, 'side panel page', 'the side panel page loads')
  return `// ${panel.path} opens in the browser's side panel${panel.text ? ` and shows '${panel.text}' (read from its HTML)` : ''}: one of the
// extension's own tabs calls chrome.sidePanel.open with a user gesture, as a click in the extension would,
// then leaves for a blank page, so that only the panel shows the page's text. (The tab stays the active
// one: closing it would bring forward another tab, which may have a side panel of its own.)
test(${q(`${ext.name}: the side panel opens`)}, async (${d.params(firefox ? 'screen, chrome, skip' : 'screen, chrome')}) => {
${firefox ? `${onlyOn('Chromium', "side_panel is Chrome's: Firefox has no chrome.sidePanel (its sidebar is sidebar_action)")}
` : ''}  const tab = await chrome.openExtensionPage(${q(panel.path)})
  await chrome.evaluate({ url: tab.url }, 'chrome.windows.getCurrent().then((w) => chrome.sidePanel.open({ windowId: w.id }))', { userGesture: true })
  await chrome.navigate(tab.id, 'about:blank')
  await expect(chrome).toHaveTarget({ type: 'page', url: ${urlRegex(panel.path)} })
${showsText(d, panel, 'side panel')}
})`
}

function actionClickTest(d: TestDialect, ext: ExtensionFacts, firefox: boolean): string {
  // (on Firefox the listener below would live in a tab's window, not the background page's: a
  // background view is evaluated from a tab, one expression at a time)
  if (!ext.serviceWorker || firefox) {
    return `// The action has no popup${firefox ? '' : ' and no worker listens for its click'}: the run fails only if the icon cannot be found and clicked.
// Stronger: assert what your onClicked handler does (a tab it opens: toHaveTarget; state it keeps: chrome.evaluate).
test(${q(`${ext.name}: the toolbar icon can be clicked`)}, async (${d.params('agent')}) => {
  ${clickIcon(firefox)}
})`
  }
  // What the worker does with a click is decided at run time (setPanelBehavior, setPopup): ask CDP what happened rather than assume.
  return `// The action has no popup in its manifest, so a real click on the icon reaches the extension: either
// chrome.action.onClicked fires in the worker (a listener added here counts it), or a page of the extension
// opens instead, as when the worker set openPanelOnActionClick (its side panel) or a popup at run time
// (CDP lists the new page). Either passes; a click that does neither fails.
// Stronger: assert what your own onClicked handler does (a tab it opens: toHaveTarget; state it keeps: chrome.evaluate).
test(${q(`${ext.name}: a click on the toolbar icon reaches the extension`)}, async (${d.params('agent, chrome')}) => {
  const worker = { type: 'service_worker' }
  const ownPages = async () => (await chrome.targets({ type: 'page', url: 'chrome-extension://' + chrome.extensionId + '/' })).map((t) => t.id)
  const before = new Set(await ownPages())
  await chrome.evaluate(worker, 'globalThis.agentprobeClicks = 0; chrome.action.onClicked.addListener(() => globalThis.agentprobeClicks++)')
  ${clickIcon(false)}
  const clicks = async () => (await chrome.evaluate${d.ts('<number | undefined>')}(worker, 'globalThis.agentprobeClicks')) ?? 0
  const opened = async () => (await ownPages()).filter((id) => !before.has(id)).length
${d.pollAbove0('(await clicks()) + (await opened())', 'the click neither fired action.onClicked nor opened a page of the extension')}
})`
}

function contentScriptTest(d: TestDialect, ext: ExtensionFacts, where: NonNullable<ExtensionFacts['contentScripts']>): string {
  if ('skip' in where) {
    return `// Not run: ${where.skip}. Serve a page they match (or point \`url\` in ${d.configName} at one) and test it there.
test.skip(${q(`${ext.name}: a page its content scripts match`)}, () => {})`
  }
  return `// A page served here, at an address the content scripts' matches cover, still loads with them injected.
// Stronger: assert what your content script does to the page, e.g.
// expect(await chrome.evaluate({ url: page.url }, "document.querySelector('#my-badge') !== null")).toBe(true)
test(${q(`${ext.name}: a page its content scripts match loads`)}, async (${d.params('chrome')}) => {
  const server = createServer((_request, response) => response.end('<title>agentprobe page</title><h1>A page for the content scripts</h1>'))
  await new Promise${d.ts('<void>')}((resolve) => server.listen(0, ${q(where.host)}, resolve))
  try {
    const { port } = server.address()${d.ts(' as AddressInfo')}
    const page = await chrome.openPage(\`http://${where.host}:\${port}${where.path}\`)
    expect(await chrome.evaluate({ url: page.url }, 'document.title')).toBe('agentprobe page')
  } finally {
    server.close()
  }
})`
}

function workerTest(d: TestDialect, ext: ExtensionFacts): string {
  return `// The service worker starts and answers (it is woken if idle).
test(${q(`${ext.name}: the service worker runs`)}, async (${d.params('chrome')}) => {
  expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).toBe(chrome.extensionId)
})`
}

/**
 * On both browsers the background is Chromium's service worker and Firefox's background scripts (an
 * event page, which a `service_worker` filter means there): one test when both are declared, a
 * skip on the browser that runs neither.
 */
function backgroundTest(d: TestDialect, ext: ExtensionFacts): string {
  const skipped = !ext.serviceWorker
    ? onlyOn('Firefox', "background.scripts is Firefox's background: Chromium's MV3 runs only background.service_worker")
    : !ext.backgroundScripts
      ? onlyOn('Chromium', 'Firefox runs no service worker: add background.scripts beside background.service_worker')
      : undefined
  return `// The background starts and answers (it is woken if idle): Chromium's service worker, Firefox's
// background scripts (an event page, which { type: 'service_worker' } means there).
test(${q(`${ext.name}: the background runs`)}, async (${d.params(skipped ? 'chrome, skip' : 'chrome')}) => {
${skipped ? `${skipped}
` : ''}  expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).toBe(chrome.extensionId)
})`
}

/** Firefox's sidebar, open since the install (`open_at_install`), checked on Firefox and skipped on Chromium, which has none. */
function sidebarTest(d: TestDialect, ext: ExtensionFacts, sidebar: ExtensionPage): string {
  return `// ${sidebar.path} is Firefox's sidebar (sidebar_action), open since the add-on was installed${sidebar.text ? `, showing '${sidebar.text}' (read from its HTML)` : ''}.
test(${q(`${ext.name}: the sidebar is open`)}, async (${d.params('screen, chrome, skip')}) => {
${onlyOn('Firefox', "sidebar_action is Firefox's: Chromium has no sidebar (its side panel is side_panel)")}
  await expect(chrome).toHaveTarget({ type: 'page', url: ${urlRegex(sidebar.path)} })
${showsText(d, sidebar, 'sidebar')}
})`
}

/** The release users have, as `chrome.installVersion` builds it from git. */
export interface UpdateFrom {
  git: string
  build: string
  output: string
}

/**
 * Release day: the version users have (a git tag, built once), updated in place to this build. With
 * a worker and `storage`, what a user of the old version stored must still be there after it.
 */
function updateTest(d: TestDialect, ext: ExtensionFacts, from: UpdateFrom, firefox: boolean): string {
  const kept = ext.serviceWorker && ext.storage
  const source = `{ git: ${q(from.git)}, build: ${q(from.build)}, output: ${q(from.output)} }`
  return `// Release day: users of ${from.git} get this build as an update, in place (the same id, their data
// kept), as Chrome updates them. The release is built once from the tag (\`${from.build}\`) and cached.${kept ? `
// Stronger: store what your users really have (the settings ${from.git} writes) and check how this build reads it.` : ''}
test(${q(`${ext.name}: an update from ${from.git} ${kept ? 'keeps what its users stored' : 'installs in place'}`)}, { timeout: 600_000 }, async (${d.params(firefox ? 'chrome, skip' : 'chrome')}) => {
${firefox ? `${onlyOn('Chromium', 'installVersion and update drive a Chromium extension update: Firefox updates an add-on from its update_url')}
` : ''}  const from = await chrome.installVersion(${source})${kept ? `
  await chrome.evaluate({ type: 'service_worker' }, "chrome.storage.local.set({ agentprobeUpdate: 'kept' })")` : ''}
  const update = await chrome.update()
  expect(update.previousVersion).toBe(from.version)${kept ? `
  expect(await chrome.evaluate({ type: 'service_worker' }, "chrome.storage.local.get('agentprobeUpdate')")).toEqual({ agentprobeUpdate: 'kept' })` : ''}
})`
}

/** The test file for `ext` in a runner's dialect (the same tests, its own header and fixture access), for the browsers its config runs. */
export function testFile(ext: ExtensionFacts, d: TestDialect = VITEST, browsers: readonly BrowserName[] = ['chromium'], updateFrom?: UpdateFrom): string {
  const firefox = browsers.includes('firefox')
  const tests: string[] = []
  if (ext.popup) tests.push(popupTest(d, ext, ext.popup, firefox))
  if (ext.actionClick) tests.push(actionClickTest(d, ext, firefox))
  if (ext.sidePanel) tests.push(sidePanelTest(d, ext, ext.sidePanel, firefox))
  if (ext.sidebar) tests.push(firefox && ext.sidebar.openAtInstall ? sidebarTest(d, ext, ext.sidebar) : pageTest(d, ext, ext.sidebar, 'sidebar page', 'the sidebar page loads'))
  if (ext.options) tests.push(pageTest(d, ext, ext.options, 'options page', 'the options page opens'))
  if (firefox && (ext.serviceWorker || ext.backgroundScripts)) tests.push(backgroundTest(d, ext))
  else if (ext.serviceWorker) tests.push(workerTest(d, ext))
  if (ext.contentScripts) tests.push(contentScriptTest(d, ext, ext.contentScripts))
  if (updateFrom) tests.push(updateTest(d, ext, updateFrom, firefox))
  if (tests.length === 0) {
    tests.push(`// The manifest declares no page, popup, worker or content script: the extension loads.
test(${q(`${ext.name} loads`)}, async (${d.params('chrome')}) => {
  expect(chrome.extensionId).toMatch(${firefox ? '/./' : '/^[a-p]{32}$/'})
})`)
  }
  const served = ext.contentScripts !== undefined && !('skip' in ext.contentScripts)
  const both = firefox ? "\n// Each runs on Chromium and on Firefox (a project each); a surface one browser lacks is skipped there, saying why." : ''
  return `// Computer-use tests for ${ext.name}, written by \`agentprobe init\` from its manifest: edit freely.${both}
// \`${d.runCommand}\` runs them. Without a model key the keyless offline model acts: it clicks the
// extension's icon and quoted labels, and its verifier checks only the text quoted in a question.
// With a real model (a key or AGENTPROBE_MODEL, see agentprobe's README) ask what a user would
// judge, e.g. toVerify('Does the popup list the saved notes, with no error shown?').
${d.imports(served)}

${tests.join('\n\n')}
`
}
