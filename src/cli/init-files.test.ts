import { mkdtemp, writeFile, mkdir } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { caseSchema } from '../core/case.ts'
import { localPage, readExtensionFacts } from './extension-facts.ts'
import { caseFile, configFile, configName, workflowFile } from './init-files.ts'
import { testFile } from './init-tests.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** An extension folder `ext` in a fresh repo, from a manifest and its files. */
async function extension(manifest: object, files: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'agentprobe-init-'))
  await mkdir(join(root, 'ext'))
  await writeFile(join(root, 'ext/manifest.json'), JSON.stringify({ manifest_version: 3, version: '1', ...manifest }))
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, 'ext', name), text)
  return root
}

describe('the files agentprobe init writes', () => {
  it("names the tests after the fixture's manifest and quotes what its pages show", async () => {
    const ext = await readExtensionFacts(ROOT, 'fixtures/extensions/sidepanel', 'pkg')
    expect(ext).toEqual({
      dir: 'fixtures/extensions/sidepanel',
      name: 'Sidepanel Fixture',
      // The popup's heading is the extension's name, which the toolbar shows too: its button is quoted.
      popup: { path: 'popup.html', text: 'Open Sidepanel' },
      sidePanel: { path: 'sidepanel.html', text: 'Save note', permitted: true },
      serviceWorker: true,
      storage: true,
    })
    const test = testFile(ext)
    expect(test).toContain("test('Sidepanel Fixture: the toolbar icon opens the popup'")
    expect(test).toContain("await expect(chrome).toHaveTarget({ type: 'page', url: /\\/popup\\.html([?#].*)?$/ })")
    expect(test).toContain(`await expect(screen).toVerify("Is the popup showing '${ext.popup!.text}'?")`)
    expect(test).toContain("const tab = await chrome.openExtensionPage('sidepanel.html')")
    expect(test).toContain("'chrome.windows.getCurrent().then((w) => chrome.sidePanel.open({ windowId: w.id }))', { userGesture: true })")
    expect(test).toContain(`toVerify("Is the side panel showing 'Save note'?")`)
    expect(configFile({ dir: ext.dir })).toContain("plugins: [agentprobe({ extension: './fixtures/extensions/sidepanel' })]")
    const testCase = caseSchema.parse(parse(caseFile(ext)))
    expect(testCase.verification?.prompt).toBe(`Is the Sidepanel Fixture popup open and showing '${ext.popup!.text}' (not an error page)?`)
  })

  it('an options page, an action without a popup and a worker: a page test and a counted click', async () => {
    const root = await extension(
      { name: 'Clicker', action: {}, options_ui: { page: './options.html' }, background: { service_worker: 'sw.js' } },
      { 'options.html': '<h1>Clicker Settings</h1>' },
    )
    const ext = await readExtensionFacts(root, 'ext', 'x')
    expect(ext).toEqual({ dir: 'ext', name: 'Clicker', options: { path: 'options.html', text: 'Clicker Settings' }, actionClick: true, serviceWorker: true })
    const test = testFile(ext)
    expect(test).toContain("await chrome.openExtensionPage('options.html')")
    expect(test).toContain(`toVerify("Is the options page showing 'Clicker Settings'?")`)
    expect(test).toContain('chrome.action.onClicked.addListener(() => globalThis.agentprobeClicks++)')
    expect(test).not.toContain("toHaveTarget({ type: 'page', url: /\\/popup")
  })

  it('an action without a popup passes whatever the worker makes of the click: onClicked, or a page of its own that opened', async () => {
    // No side_panel in the manifest: a worker can set the panel's path and openPanelOnActionClick at run time.
    const root = await extension({ name: 'Run-time Panel', action: {}, permissions: ['sidePanel'], background: { service_worker: 'sw.js' } })
    const test = testFile(await readExtensionFacts(root, 'ext', 'x'))
    expect(test).toContain("const ownPages = async () => (await chrome.targets({ type: 'page', url: 'chrome-extension://' + chrome.extensionId + '/' })).map((t) => t.id)")
    expect(test).toContain('const before = new Set(await ownPages())')
    expect(test).toContain("const clicks = async () => (await chrome.evaluate<number | undefined>(worker, 'globalThis.agentprobeClicks')) ?? 0")
    expect(test).toContain('.poll(async () => (await clicks()) + (await opened()), { message: \'the click neither fired action.onClicked nor opened a page of the extension\' })')
    // The pages are counted from before the click: one open already (a tab from onInstalled) does not pass it.
    expect(test.indexOf('const before')).toBeLessThan(test.indexOf("agent.do('Click the extension icon"))
  })

  it('a side panel without the sidePanel permission is opened as a tab', async () => {
    const root = await extension({ name: 'Tabbed', side_panel: { default_path: 'p.html' } }, { 'p.html': '<h1>Panel Page</h1>' })
    const test = testFile(await readExtensionFacts(root, 'ext', 'x'))
    expect(test).toContain("test('Tabbed: the side panel page loads'")
    expect(test).not.toContain('chrome.sidePanel.open')
  })

  it('a popup its scripts draw gets no quoted check, and says so', async () => {
    const root = await extension({ name: 'Rendered', action: { default_popup: 'popup.html' } }, { 'popup.html': '<div id="root"></div><script src="p.js"></script>' })
    const test = testFile(await readExtensionFacts(root, 'ext', 'x'))
    expect(test).toContain('// popup.html quotes no label: it has none in its HTML, or runs a script that may draw or')
    expect(test).not.toMatch(/^\s*await expect\(screen\)\.toVerify\(/m)
  })

  it('content scripts: a served page where the matches allow one, else a skipped test saying why', async () => {
    expect(localPage(['https://*/*', '<all_urls>'])).toEqual({ host: '127.0.0.1', path: '/' })
    expect(localPage(['http://localhost/app/*'])).toEqual({ host: 'localhost', path: '/app/' })
    expect(localPage(['*://127.0.0.1:*/*'])).toEqual({ host: '127.0.0.1', path: '/' })
    expect(localPage(['http://localhost:3000/*', 'https://example.com/*'])).toEqual({ skip: expect.stringContaining('http://localhost:3000/*, https://example.com/*') })
    const served = await extension({ name: 'Cs', content_scripts: [{ matches: ['<all_urls>'], js: ['c.js'] }] })
    const test = testFile(await readExtensionFacts(served, 'ext', 'x'))
    expect(test).toContain("import { createServer } from 'node:http'")
    expect(test).toContain('await chrome.openPage(`http://127.0.0.1:${port}/`)')
    const skipped = await extension({ name: 'Far', content_scripts: [{ matches: ['https://example.com/*'], js: ['c.js'] }] })
    expect(testFile(await readExtensionFacts(skipped, 'ext', 'x'))).toContain("test.skip('Far: a page its content scripts match'")
  })

  it('falls back to the package name for a localised manifest name, and writes a test even with nothing declared', async () => {
    const root = await extension({ name: '__MSG_appName__' })
    const ext = await readExtensionFacts(root, 'ext', 'my-extension')
    expect(ext).toEqual({ dir: 'ext', name: 'my-extension' })
    expect(testFile(ext)).toContain("test('my-extension loads'")
    expect(caseFile(ext)).toContain('the offline model cannot judge this prompt; a real model (--model) can.')
  })

  it('names the config for the package module type', () => {
    expect(configName('module')).toBe('vitest.config.ts')
    expect(configName(undefined)).toBe('vitest.config.mts')
    expect(configName('commonjs')).toBe('vitest.config.mts')
  })

  it("puts the repo's extension folder and case file into the seed's command of the workflow", () => {
    const template = readFileSync(join(ROOT, 'examples/github/browser-cua.yml'), 'utf8')
    const text = workflowFile(template, { dir: 'build/chrome', name: 'X' }, 'cases/x.yaml')
    expect(text).toContain('--extension ./build/chrome \\\n            --case cases/x.yaml')
    expect(text).toContain('agentprobe doctor --extension ./build/chrome')
    expect(text).not.toMatch(/\.\/dist|sidepanel\.yaml/)
    expect(() => parse(text)).not.toThrow()
  })
})

describe('tests for an extension that ships for Firefox too', () => {
  const GECKO = { browser_specific_settings: { gecko: { id: 'both@example.test' } } }
  const BOTH = ['chromium', 'firefox'] as const

  it('reads the sidebar, the background scripts and the Firefox field', async () => {
    const root = await extension({ name: 'Both', ...GECKO, sidebar_action: { default_panel: './sb.html', open_at_install: false }, background: { scripts: ['bg.js'] } }, { 'sb.html': '<h1>Saved notes</h1>' })
    const ext = await readExtensionFacts(root, 'ext', 'pkg')
    expect(ext).toMatchObject({ backgroundScripts: true, sidebar: { path: 'sb.html', text: 'Saved notes', openAtInstall: false }, firefox: { field: 'browser_specific_settings.gecko', problems: [] } })
    expect(ext.serviceWorker).toBeUndefined()
  })

  it('a surface one browser lacks is skipped there with the reason; shared ones run on both', async () => {
    const root = await extension(
      { name: 'Both', ...GECKO, action: { default_popup: 'popup.html' }, sidebar_action: { default_panel: 'sb.html' }, side_panel: { default_path: 'panel.html' }, permissions: ['sidePanel'], background: { scripts: ['bg.js'] } },
      { 'popup.html': '<button>Add one</button>', 'sb.html': '<h1>Saved notes</h1>', 'panel.html': '<h1>Panel here</h1>' },
    )
    const test = testFile(await readExtensionFacts(root, 'ext', 'pkg'), undefined, BOTH)
    expect(test).toContain('// Each runs on Chromium and on Firefox (a project each); a surface one browser lacks is skipped there, saying why.\n')
    expect(test).toContain("test('Both: the sidebar is open', async ({ screen, chrome, skip }) => {\n  if (!chrome.version.includes('Firefox')) return skip(\"sidebar_action is Firefox's: Chromium has no sidebar (its side panel is side_panel)\")")
    expect(test).toContain("await expect(chrome).toHaveTarget({ type: 'page', url: /\\/sb\\.html([?#].*)?$/ })\n  await expect(screen).toVerify(\"Is the sidebar showing 'Saved notes'?\")")
    expect(test).toContain("test('Both: the side panel opens', async ({ screen, chrome, skip }) => {\n  if (chrome.version.includes('Firefox')) return skip(")
    expect(test).toContain("test('Both: the background runs', async ({ chrome, skip }) => {\n  if (!chrome.version.includes('Firefox')) return skip(\"background.scripts is Firefox's background")
    expect(test).not.toContain('Chrome toolbar')
  })

  it('a sidebar that does not open at install is checked as a page in a tab, on both', async () => {
    const root = await extension({ name: 'Both', ...GECKO, sidebar_action: { default_panel: 'sb.html', open_at_install: false } }, { 'sb.html': '<h1>Saved notes</h1>' })
    const test = testFile(await readExtensionFacts(root, 'ext', 'pkg'), undefined, BOTH)
    expect(test).toContain("test('Both: the sidebar page loads', async ({ screen, chrome }) => {\n  await chrome.openExtensionPage('sb.html')")
    expect(test).not.toContain('skip(')
  })

  it('an action without a popup is clicked, not counted through the worker, where Firefox runs it too', async () => {
    const root = await extension({ name: 'Both', ...GECKO, action: {}, background: { scripts: ['bg.js'], service_worker: 'bg.js' } })
    const test = testFile(await readExtensionFacts(root, 'ext', 'pkg'), undefined, BOTH)
    expect(test).toContain("test('Both: the toolbar icon can be clicked'")
    expect(test).not.toContain('agentprobeClicks')
    expect(test).toContain("test('Both: the background runs', async ({ chrome }) => {\n  expect(await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')).toBe(chrome.extensionId)")
  })
})
