import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { checkFirefoxManifest, checkManifest } from './manifest-checks.ts'

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/extensions/sidepanel')
const byName = (checks: { name: string }[]) => Object.fromEntries(checks.map((c) => [c.name, c]))

it('passes the fixture extension on every line', async () => {
  const checks = await checkManifest(FIXTURE, 'ext')
  expect(checks.map((c) => [c.name, c.status])).toEqual([
    ['manifest', 'ok'],
    ['side panel', 'ok'],
    ['popup', 'ok'],
    ['worker', 'ok'],
    ['icons', 'ok'],
    ['locales', 'skip'],
    ['loads', 'ok'],
    ['on firefox', 'skip'],
  ])
})

it('says what Firefox makes of a manifest that ships for it: as written, refused or limited, with the field', async () => {
  const crossBrowser = resolve(import.meta.dirname, '../../fixtures/extensions/cross-browser')
  expect(byName(await checkManifest(crossBrowser, 'ext'))['on firefox']).toMatchObject({ status: 'ok', detail: 'browser_specific_settings.gecko: Firefox installs it as written' })
  const worker = { manifest_version: 3, sidebar_action: { default_panel: 'sb.html' }, background: { service_worker: 'sw.js' } }
  expect(checkFirefoxManifest(worker, 'dist')).toMatchObject({ status: 'fail', detail: expect.stringMatching(/^background\.service_worker: .*\(and browser_specific_settings\.gecko\.id\)$/), fix: expect.stringMatching(/"scripts": \["sw\.js"\].* in dist\/manifest\.json$/) })
  expect(checkFirefoxManifest({ manifest_version: 3, background: { scripts: ['bg.js'] } }, 'dist')).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^browser_specific_settings\.gecko\.id: no gecko id/) })
})

it('lists the languages an extension ships, and warns of the messages one of them lacks', async () => {
  const greeter = resolve(import.meta.dirname, '../../bench/extensions/greeter-i18n')
  const checks = byName(await checkManifest(greeter, 'ext'))
  expect(checks.manifest).toMatchObject({ status: 'ok', detail: 'Greeter 1.0.0, manifest_version 3' })
  expect(checks.locales).toMatchObject({ status: 'ok', detail: 'ar, de, en (default en), each with every message' })
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-locales-'))
  await cp(greeter, dir, { recursive: true })
  const ar = join(dir, '_locales/ar/messages.json')
  const { saved: _saved, ...rest } = JSON.parse(await readFile(ar, 'utf8')) as Record<string, unknown>
  await writeFile(ar, JSON.stringify(rest))
  expect(byName(await checkManifest(dir, 'dist')).locales).toMatchObject({ status: 'warn', detail: "ar, de, en (default en); ar lacks 'saved': Chromium shows the en text there", fix: 'add the missing messages to dist/_locales/<locale>/messages.json' })
})

it('fails MV2, a missing side panel file and permission, and missing icons, each with its fix', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-manifest-'))
  await cp(FIXTURE, dir, { recursive: true })
  await rm(join(dir, 'sidepanel.html'))
  await rm(join(dir, 'icons/48.png'))
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({
    manifest_version: 2,
    name: 'Broken',
    version: '0.1',
    side_panel: { default_path: 'sidepanel.html' },
    icons: { 16: 'icons/16.png', 48: 'icons/48.png' },
  }))
  const checks = byName(await checkManifest(dir, 'dist'))
  expect(checks.manifest).toMatchObject({ status: 'fail', detail: expect.stringMatching(/^manifest_version is 2, not 3 — dist\/manifest\.json is a Manifest V2 extension .*current Chromium no longer loads Manifest V2 extensions/), fix: expect.stringContaining('"manifest_version": 3') })
  expect(checks['side panel']).toMatchObject({ status: 'fail', detail: 'side_panel.default_path names sidepanel.html, which is not in dist', fix: 'add dist/sidepanel.html, or fix side_panel.default_path in manifest.json' })
  expect(checks.popup).toMatchObject({ status: 'skip' })
  expect(checks.icons).toMatchObject({ status: 'fail', detail: 'missing in dist: icons/48.png' })

  await writeFile(join(dir, 'sidepanel.html'), '<p>panel</p>')
  expect(byName(await checkManifest(dir, 'dist'))['side panel']).toMatchObject({ status: 'fail', fix: 'add "sidePanel" to "permissions" in manifest.json' })
})

it('says when there is no manifest at all', async () => {
  const [check] = await checkManifest(join(tmpdir(), 'agentprobe-no-such-extension'), 'dist')
  expect(check).toMatchObject({ name: 'manifest', status: 'fail', detail: 'dist/manifest.json does not exist', fix: expect.stringContaining('npm run build') })
})

it('fails a file the other lines do not name (a content script) through the launcher’s own check', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-manifest-'))
  await cp(FIXTURE, dir, { recursive: true })
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'))
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, content_scripts: [{ matches: ['<all_urls>'], css: ['gone.css'] }] }))
  expect(byName(await checkManifest(dir, 'dist')).loads).toMatchObject({ status: 'fail', detail: expect.stringContaining('names content_scripts[0].css[0] "gone.css"') })
})

it('reads a manifest with comments as Chrome does, and names the file when it is broken', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-manifest-'))
  await cp(FIXTURE, dir, { recursive: true })
  const text = await readFile(join(dir, 'manifest.json'), 'utf8')
  await writeFile(join(dir, 'manifest.json'), `// generated\n${text.replace('{', '{ /* "manifest_version": 2 */ "$schema": "https://json.schemastore.org/chrome-manifest",')}`)
  expect((await checkManifest(dir, 'dist')).map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'skip', 'ok', 'skip'])
  await writeFile(join(dir, 'manifest.json'), '{ "name": "x", }')
  expect(byName(await checkManifest(dir, 'dist')).manifest).toMatchObject({ status: 'fail', detail: expect.stringMatching(/^.*manifest\.json is not valid JSON: /), fix: 'fix the JSON in dist/manifest.json' })
})
