import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { initCommand } from './init-command.ts'
import { testFile } from './init-tests.ts'
import { alreadyExcluded } from './jest-ignore.ts'
import { jestDialect } from './test-dialect.ts'

const MANIFEST = JSON.stringify({ manifest_version: 3, name: 'Note Taker', version: '1', action: { default_popup: 'popup.html' }, background: { service_worker: 'sw.js' } })

/** A Jest repo with a built extension in dist/ and its own unit test, from package.json and other files. */
async function repo(pkg: object, files: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'agentprobe-initjest-'))
  const all: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: 'note-taker', version: '1.0.0', ...pkg }, null, 2)}\n`,
    'package-lock.json': '{}',
    'dist/manifest.json': MANIFEST,
    'dist/popup.html': '<h1>Saved notes</h1>',
    'test/popup.test.js': "test('adds', () => expect(1 + 1).toBe(2))\n",
    ...files,
  }
  for (const [name, text] of Object.entries(all)) {
    await mkdir(dirname(join(root, name)), { recursive: true })
    await writeFile(join(root, name), text)
  }
  return root
}

async function init(root: string): Promise<string[]> {
  const lines: string[] = []
  expect(await initCommand([], (line) => lines.push(line), root)).toBe(0)
  return lines
}

const JEST29 = { jest: '^29.7.0', 'jest-environment-jsdom': '^29.7.0' }

describe('agentprobe init in a Jest repo', () => {
  it('package.json#jest under jsdom: a plain CommonJS test its default testMatch leaves out, a config of its own and a test:cua script; a second run changes nothing', async () => {
    const root = await repo({ devDependencies: JEST29, scripts: { test: 'jest' }, jest: { testEnvironment: 'jsdom', setupFiles: ['./test/chrome-mock.js'] } })
    const lines = await init(root)
    expect(lines).toContain('  created jest.cua.config.mjs')
    expect(lines).toContain("  kept    package.json#jest (your Jest run leaves test/note-taker.cua.test.cjs out: Jest 29's default testMatch does not match .cjs or .mjs)")
    expect(lines).toContain('  added   the script "test:cua": "jest -c jest.cua.config.mjs" to package.json')
    expect(lines).toContain('next: npm install --save-dev agentprobe jest-environment-node   (or init --install)')
    expect(lines.at(-2)).toBe('then: npm run test:cua  (the computer-use tests, with their own Jest config)')
    const config = await readFile(join(root, 'jest.cua.config.mjs'), 'utf8')
    expect(config).toContain("import { withAgentprobe } from 'agentprobe/jest/config'")
    expect(config).toContain("  { extension: './dist' },")
    expect(config).not.toContain('transform')
    const test = await readFile(join(root, 'test/note-taker.cua.test.cjs'), 'utf8')
    expect(test).toContain("const { useAgentprobe } = require('agentprobe/jest')\n\nconst { agent, screen, chrome } = useAgentprobe()")
    expect(test).toContain("test('Note Taker: the toolbar icon opens the popup', async () => {")
    expect(test).toContain("toVerify(\"Is the popup showing 'Saved notes'?\")")
    expect(test).not.toMatch(/<void>|as AddressInfo|^import /m)
    expect(() => new Script(test)).not.toThrow()
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { jest: object }
    expect(pkg.jest).toEqual({ testEnvironment: 'jsdom', setupFiles: ['./test/chrome-mock.js'] })

    const before = await Promise.all(['package.json', 'jest.cua.config.mjs', 'test/note-taker.cua.test.cjs'].map((f) => readFile(join(root, f), 'utf8')))
    const again = await init(root)
    expect(again).toContain('  kept    jest.cua.config.mjs (it exists; --force overwrites)')
    expect(again).toContain('  kept    test/note-taker.cua.test.cjs (it exists; --force overwrites)')
    expect(again.at(-2)).toBe('then: npm run test:cua  (the computer-use tests, with their own Jest config)')
    expect(await Promise.all(['package.json', 'jest.cua.config.mjs', 'test/note-taker.cua.test.cjs'].map((f) => readFile(join(root, f), 'utf8')))).toEqual(before)
  })

  it('jest.config.js (module.exports) whose testMatch would run it: the pattern goes into its testPathIgnorePatterns, shown as a diff', async () => {
    const user = "// Unit tests under jsdom.\nmodule.exports = {\n  testEnvironment: 'jsdom',\n  testMatch: ['**/test/**/*.test.{js,cjs}'],\n};\n"
    const root = await repo({ devDependencies: JEST29, scripts: { 'test:cua': 'echo mine' } }, { 'jest.config.js': user })
    const lines = await init(root)
    expect(lines).toContain('  edited  jest.config.js: its testPathIgnorePatterns leaves *.cua.test.* files to jest.cua.config.mjs')
    expect(lines).toContain("    +  testPathIgnorePatterns: ['/node_modules/', '\\\\.cua\\\\.test\\\\.'],")
    expect(lines).toContain('  kept    the test:cua script of package.json (it runs `echo mine`)')
    expect(lines.at(-2)).toBe('then: npx jest -c jest.cua.config.mjs  (the computer-use tests, with their own Jest config)')
    const edited = await readFile(join(root, 'jest.config.js'), 'utf8')
    expect(edited.startsWith("// Unit tests under jsdom.\nmodule.exports = {\n  testEnvironment: 'jsdom',\n")).toBe(true)
    const module = { exports: {} as { testPathIgnorePatterns: string[] } }
    new Function('module', edited)(module)
    expect(module.exports.testPathIgnorePatterns.some((p) => new RegExp(p).test('/r/test/note-taker.cua.test.cjs'))).toBe(true)
    expect((await init(root)).some((l) => l.startsWith('  kept    jest.config.js (your Jest run leaves'))).toBe(true)
  })

  it('babel-jest with @babel/preset-typescript: a TypeScript test the repo compiles, and package.json#jest ignores it', async () => {
    const devDependencies = { ...JEST29, 'babel-jest': '^29.7.0', '@babel/preset-env': '^7.0.0', '@babel/preset-typescript': '^7.0.0', '@jest/globals': '^29.7.0' }
    const root = await repo({ devDependencies }, { 'babel.config.cjs': "module.exports = { presets: ['@babel/preset-env', '@babel/preset-typescript'] }\n" })
    const lines = await init(root)
    expect(lines).toContain('  jest    your tests run on Jest: they stay as they are; the computer-use test is TypeScript through babel-jest with your Babel config')
    expect(lines).toContain('  created test/note-taker.cua.test.ts')
    expect(lines).toContain('  edited  package.json#jest: its testPathIgnorePatterns leaves *.cua.test.* files to jest.cua.config.mjs')
    const test = await readFile(join(root, 'test/note-taker.cua.test.ts'), 'utf8')
    expect(test).toContain("import { expect, test } from '@jest/globals'\nimport { useAgentprobe } from 'agentprobe/jest'\n")
    expect(test).toContain("await chrome.evaluate({ type: 'service_worker' }, 'chrome.runtime.id')")
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { jest: object }
    expect(pkg.jest).toEqual({ testPathIgnorePatterns: ['/node_modules/', '\\.cua\\.test\\.'] })
  })

  it('without a Babel config, the preset is named in the config; a repo with Vitest too keeps the Vitest path', async () => {
    const ts = await repo({ devDependencies: { ...JEST29, '@babel/preset-env': '^7.0.0', '@babel/preset-typescript': '^7.0.0' } })
    await init(ts)
    expect(await readFile(join(ts, 'jest.cua.config.mjs'), 'utf8')).toContain('transform: {"\\\\.ts$":["babel-jest",{"presets":[["@babel/preset-env",{"targets":{"node":"current"}}],"@babel/preset-typescript"]}]},')
    const both = await repo({ devDependencies: { ...JEST29, vitest: '^4.1.0' } })
    const lines = await init(both)
    expect(lines).toContain('  created vitest.config.mts')
    expect(lines.some((l) => l.includes('jest'))).toBe(false)
  })

  it("Jest 30, whose default testMatch runs .cjs files: package.json#jest (made when there is no config) leaves the computer-use test out", async () => {
    const root = await repo({ devDependencies: { jest: '^30.0.0' }, scripts: { test: 'jest' } })
    const lines = await init(root)
    expect(lines).toContain('  edited  package.json#jest: its testPathIgnorePatterns leaves *.cua.test.* files to jest.cua.config.mjs')
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { jest: object }
    expect(pkg.jest).toEqual({ testPathIgnorePatterns: ['/node_modules/', '\\.cua\\.test\\.'] })
    // The installed Jest wins over the range package.json asks for.
    const installed = await repo({ devDependencies: JEST29, jest: { testEnvironment: 'jsdom' } }, { 'node_modules/jest/package.json': '{"version":"30.2.0"}' })
    expect((await init(installed)).some((l) => l.startsWith('  edited  package.json#jest'))).toBe(true)
  })

  it("reads testRegex as Jest does, and an ignore pattern that already covers the file", () => {
    expect(alreadyExcluded({}, 'test/x.cua.test.cjs', 29)).toBe("Jest 29's default testMatch does not match .cjs or .mjs")
    expect(alreadyExcluded({}, 'test/x.cua.test.cjs', 30)).toBeUndefined()
    expect(alreadyExcluded({}, 'test/x.cua.test.cjs')).toBeUndefined()
    expect(alreadyExcluded({ testRegex: '/__tests__/.*\\.spec\\.js$' }, 'test/x.cua.test.cjs')).toBe('its testRegex does not match it')
    expect(alreadyExcluded({ testRegex: ['\\.test\\.c?js$'] }, 'test/x.cua.test.cjs')).toBeUndefined()
    expect(alreadyExcluded({ testPathIgnorePatterns: ['cua'] }, 'test/x.cua.test.ts')).toBe("its testPathIgnorePatterns has 'cua'")
    expect(alreadyExcluded({}, 'test/x.cua.test.ts')).toBeUndefined()
  })

  it('the CommonJS file parses with every test the manifest can ask for: a polled click count and a served page', () => {
    const dialect = jestDialect({ module: 'cjs', jestGlobals: false, runCommand: 'npm run test:cua', configName: 'jest.cua.config.mjs' })
    const text = testFile({ dir: 'dist', name: 'All', actionClick: true, serviceWorker: true, contentScripts: { host: '127.0.0.1', path: '/' } }, dialect)
    expect(text).toContain("const { createServer } = require('node:http')")
    expect(text).toContain('    reached = (await clicks()) + (await opened())')
    expect(text).not.toMatch(/expect\s*\.poll|<number|<void>|as AddressInfo/)
    expect(() => new Script(text)).not.toThrow()
  })
})
