import { mkdtemp, writeFile, mkdir } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { caseSchema } from '../core/case.ts'
import { caseFile, configFile, readExtensionFacts, testFile, workflowFile } from './init-files.ts'

const ROOT = resolve(import.meta.dirname, '../..')

describe('the files agentprobe init writes', () => {
  it("names the tests after the fixture's manifest and quotes its popup button", async () => {
    const ext = await readExtensionFacts(ROOT, 'fixtures/extensions/sidepanel', 'pkg')
    expect(ext).toEqual({ dir: 'fixtures/extensions/sidepanel', name: 'Sidepanel Fixture', popup: 'popup.html', sidePanel: 'sidepanel.html', serviceWorker: true, popupButton: 'Open Sidepanel' })
    const test = testFile(ext)
    expect(test).toContain("test('Sidepanel Fixture: the toolbar icon opens the popup'")
    expect(test).toContain("await expect(chrome).toHaveTarget({ type: 'page', url: /popup\\.html$/ })")
    expect(test).toContain("await expect(screen).toShowText('Open Sidepanel')")
    expect(test).toContain("await chrome.openExtensionPage('sidepanel.html')")
    expect(configFile(ext)).toContain("plugins: [agentprobe({ extension: './fixtures/extensions/sidepanel' })]")
    const testCase = caseSchema.parse(parse(caseFile(ext)))
    expect(testCase.verification?.prompt).toBe("Is the Sidepanel Fixture popup open and showing 'Open Sidepanel' (not an error page)?")
  })

  it('falls back to the package name for a localised manifest name, and writes a test even without a popup', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-init-'))
    await mkdir(join(root, 'ext'))
    await writeFile(join(root, 'ext/manifest.json'), JSON.stringify({ manifest_version: 3, name: '__MSG_appName__', version: '1' }))
    const ext = await readExtensionFacts(root, 'ext', 'my-extension')
    expect(ext).toEqual({ dir: 'ext', name: 'my-extension' })
    expect(testFile(ext)).toContain("test('my-extension loads'")
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
