import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { execa } from 'execa'
import { afterEach, describe, expect, it } from 'vitest'
import { initCommand } from './init-command.ts'

const MANIFEST = JSON.stringify({ manifest_version: 3, name: 'Mono Ext', version: '1', action: { default_popup: 'popup.html' } })
const PATH = process.env.PATH
afterEach(() => {
  process.env.PATH = PATH
})

/** A pnpm workspace whose package packages/ext has a WXT build, with a stand-in `pnpm` that records its arguments. */
async function monorepo(): Promise<{ root: string; calls: string }> {
  const root = await mkdtemp(join(tmpdir(), 'agentprobe-initcmd-'))
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'mono', private: true, type: 'module' }),
    'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
    'pnpm-lock.yaml': '',
    'packages/ext/package.json': JSON.stringify({ name: '@mono/ext', scripts: { build: 'wxt build' } }),
    'packages/ext/wxt.config.ts': 'export default {}\n',
    'packages/ext/.output/chrome-mv3/manifest.json': MANIFEST,
    'packages/ext/.output/chrome-mv3/popup.html': '<h1>Hello there</h1>',
  }
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, name)), { recursive: true })
    await writeFile(join(root, name), text)
  }
  const bin = join(root, '.bin')
  const calls = join(root, 'pnpm-calls.txt')
  await mkdir(bin)
  await writeFile(join(bin, 'pnpm'), `#!/bin/sh\necho "$@" >> ${JSON.stringify(calls)}\n`)
  await chmod(join(bin, 'pnpm'), 0o755)
  process.env.PATH = `${bin}${delimiter}${PATH}`
  return { root, calls }
}

describe('agentprobe init in a pnpm workspace', () => {
  it('picks the package with a built extension, says so, and names the pnpm command that adds the dependencies', async () => {
    const { root, calls } = await monorepo()
    const lines: string[] = []
    expect(await initCommand([], (line) => lines.push(line), root)).toBe(0)
    expect(lines).toContain('  found   it in the workspace package @mono/ext (packages/ext)')
    expect(lines).toContain('  build   `pnpm --filter @mono/ext build` (wxt build) makes ./packages/ext/.output/chrome-mv3: run it after a change, before the tests')
    expect(lines).toContain('next: pnpm add -D -w agentprobe vitest   (or init --install)')
    expect(lines.at(-2)).toBe('then: npx vitest run  (the example test)')
    expect(await readFile(join(root, 'vitest.config.ts'), 'utf8')).toContain("plugins: [agentprobe({ extension: './packages/ext/.output/chrome-mv3' })]")
    await expect(readFile(calls, 'utf8')).rejects.toThrow()
  })

  it('--install runs it', async () => {
    const { root, calls } = await monorepo()
    const lines: string[] = []
    expect(await initCommand(['--install'], (line) => lines.push(line), root)).toBe(0)
    expect(lines).toContain('  install pnpm add -D -w agentprobe vitest')
    expect(lines.some((line) => line.startsWith('next:'))).toBe(false)
    expect(await readFile(calls, 'utf8')).toBe('add -D -w agentprobe vitest\n')
  })
})

describe('agentprobe init for an extension with _locales', () => {
  it('writes the language matrix into the repo config, quotes a label through chrome.i18n, and names the projects to run', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-initlocales-'))
    const message = (text: string) => ({ message: text })
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'greeter', type: 'module', devDependencies: { vitest: '^4.1.0' } }),
      'vitest.config.ts': "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: { environment: 'jsdom' },\n})\n",
      'dist/manifest.json': JSON.stringify({ manifest_version: 3, name: '__MSG_name__', version: '1', default_locale: 'en', action: { default_popup: 'popup.html' } }),
      'dist/popup.html': '<button id="save">Save</button><script src="popup.js"></script>',
      'dist/_locales/en/messages.json': JSON.stringify({ name: message('Greeter'), save: message('Save') }),
      'dist/_locales/de/messages.json': JSON.stringify({ name: message('Grüßer'), save: message('Speichern') }),
      'dist/_locales/ar/messages.json': JSON.stringify({ name: message('المحيي'), save: message('حفظ') }),
    }
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, name)), { recursive: true })
      await writeFile(join(root, name), text)
    }
    const lines: string[] = []
    expect(await initCommand([], (line) => lines.push(line), root)).toBe(0)
    expect(lines).toContain('  locales en, de: every computer-use file runs once in each (of 3 in _locales)')
    expect(lines.at(-2)).toBe("then: npx vitest run --project 'cua*'  (the cua projects the plugin adds, one per language; one alone: --project 'cua (en)')")
    const config = await readFile(join(root, 'vitest.config.ts'), 'utf8')
    expect(config).toContain("  // ar (Arabic): the keyless model's OCR reads Latin script only;")
    expect(config).toContain("  plugins: [agentprobe({ extension: './dist', locales: ['en', 'de'] })],")
    const test = await readFile(join(root, 'tests/greeter.cua.test.ts'), 'utf8')
    expect(test).toContain("const label = await chrome.evaluate<string>({ url: /\\/popup\\.html([?#].*)?$/ }, \"chrome.i18n.getMessage('save')\")")
    expect(test).toContain("await expect(screen).toVerify(`Is the popup showing '${label}'?`)")
  })
})

/** A repo with these files. */
async function repo(prefix: string, files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, name)), { recursive: true })
    await writeFile(join(root, name), text)
  }
  return root
}

describe('agentprobe init for an extension that ships for Firefox too', () => {
  const CROSS = { manifest_version: 3, name: 'Tally', version: '1', action: { default_popup: 'popup.html' }, browser_specific_settings: { gecko: { id: 'tally@example.test' } } }

  it('runs every file on both browsers, names the projects to run, and writes tests that run on both', async () => {
    const root = await repo('agentprobe-initff-', {
      'package.json': JSON.stringify({ name: 'tally', type: 'module', devDependencies: { vitest: '^4.1.0' } }),
      'vitest.config.ts': "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: { environment: 'jsdom' },\n})\n",
      'dist/manifest.json': JSON.stringify({ ...CROSS, background: { scripts: ['bg.js'], service_worker: 'bg.js' } }),
      'dist/popup.html': '<h1>Tally</h1><button>Add one</button>',
    })
    const lines: string[] = []
    expect(await initCommand([], (line) => lines.push(line), root)).toBe(0)
    expect(lines).toContain('  browsers chromium, firefox: every computer-use file runs on each (the manifest has browser_specific_settings.gecko)')
    expect(lines.filter((line) => line.startsWith('  firefox '))).toEqual([])
    expect(lines.at(-2)).toBe("then: npx vitest run --project 'cua*'  (the cua projects the plugin adds, one per browser; one alone: --project 'cua (firefox)')")
    expect(await readFile(join(root, 'vitest.config.ts'), 'utf8')).toContain("  plugins: [agentprobe({ extension: './dist', browsers: ['chromium', 'firefox'] })],")
    const test = await readFile(join(root, 'tests/tally.cua.test.ts'), 'utf8')
    expect(test).toContain("await agent.do('Click the extension icon in the toolbar.', { maxSteps: 5 })")
    expect(test).toContain("test('Tally: the background runs', async ({ chrome }) => {")
    expect(test).not.toContain('skip(')
  })

  it('names what Firefox would refuse or ignore, with the field, and still writes both browsers', async () => {
    const root = await repo('agentprobe-initffbad-', {
      'package.json': JSON.stringify({ name: 'panel', type: 'module' }),
      'dist/manifest.json': JSON.stringify({ manifest_version: 3, name: 'Panel', version: '1', sidebar_action: { default_panel: 'sb.html' }, background: { service_worker: 'sw.js' } }),
      'dist/sb.html': '<h1>Notes here</h1>',
    })
    const lines: string[] = []
    expect(await initCommand([], (line) => lines.push(line), root)).toBe(0)
    expect(lines.filter((line) => line.startsWith('  firefox ')).map((line) => line.split(':')[0])).toEqual(['  firefox background.service_worker', '  firefox browser_specific_settings.gecko.id'])
    expect(await readFile(join(root, 'vitest.config.ts'), 'utf8')).toContain("browsers: ['chromium', 'firefox']")
    expect(lines.at(-2)).toBe('then: npx vitest run  (the example test)')
  })

  it('under Jest, one browser: it says so and writes no Firefox-only test', async () => {
    const root = await repo('agentprobe-initffjest-', {
      'package.json': JSON.stringify({ name: 'panel', devDependencies: { jest: '^30.0.0' } }),
      'dist/manifest.json': JSON.stringify({ ...CROSS, sidebar_action: { default_panel: 'sb.html' } }),
      'dist/popup.html': '<h1>Tally</h1><button>Add one</button>',
      'dist/sb.html': '<h1>Notes here</h1>',
    })
    const lines: string[] = []
    expect(await initCommand([], (line) => lines.push(line), root)).toBe(0)
    expect(lines.some((line) => line.startsWith('  note    the manifest has browser_specific_settings.gecko, but one Jest config runs one browser'))).toBe(true)
    const test = await readFile(join(root, 'tests/tally.cua.test.cjs'), 'utf8')
    expect(test).toContain("test('Tally: the sidebar page loads'")
    expect(test).not.toContain('skip(')
  })
})

describe('agentprobe init in a repo with a release tag', () => {
  it('writes an update test from the last tag before HEAD, built with the repo build script, checking storage kept', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agentprobe-initupdate-'))
    const manifest = (version: string) => JSON.stringify({ manifest_version: 3, name: 'Keeper', version, permissions: ['storage'], background: { service_worker: 'worker.js' } })
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ name: 'keeper', type: 'module', scripts: { build: 'rm -rf dist && cp -r src dist' }, devDependencies: { vitest: '^4.1.0' } }),
      'src/manifest.json': manifest('1.0.0'),
      'src/worker.js': '',
    }
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, name)), { recursive: true })
      await writeFile(join(root, name), text)
    }
    const git = (...args: string[]) => execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], { cwd: root })
    await git('init', '-q')
    await git('add', '.')
    await git('commit', '-qm', '1.0.0')
    await git('tag', 'v1.0.0')
    await writeFile(join(root, 'src/manifest.json'), manifest('1.1.0'))
    await git('commit', '-qam', '1.1.0')
    await mkdir(join(root, 'dist'))
    await writeFile(join(root, 'dist/manifest.json'), manifest('1.1.0'))
    await writeFile(join(root, 'dist/worker.js'), '')

    const lines: string[] = []
    expect(await initCommand(['--extension', 'dist'], (line) => lines.push(line), root)).toBe(0)
    expect(lines).toContain('  update  from v1.0.0: the test installs that release (built once with `npm run build`) and updates it to this build')
    const test = await readFile(join(root, 'tests/keeper.cua.test.ts'), 'utf8')
    expect(test).toContain("test('Keeper: an update from v1.0.0 keeps what its users stored', { timeout: 600_000 }, async ({ chrome }) => {")
    expect(test).toContain("const from = await chrome.installVersion({ git: 'v1.0.0', build: 'npm run build', output: 'dist' })")
    expect(test).toContain("expect(await chrome.evaluate({ type: 'service_worker' }, \"chrome.storage.local.get('agentprobeUpdate')\")).toEqual({ agentprobeUpdate: 'kept' })")
  })
})
