// The Vitest config side of `agentprobe init`: the plugin goes into the config the repo already
// has (printed as a diff); where that cannot be done safely, a separate config and a `test:cua`
// script; where there is none, a fresh config. Each way names the command that runs the tests.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff'
import { addAgentprobePlugin } from './config-edit.ts'
import { hasTestKey } from './config-object.ts'
import type { BrowserName } from '../targets/browser.ts'
import type { BuildStep, PackageJson } from './extension-build.ts'
import { configFile, configName, cuaConfigName, matrixAxes, oneMatrixProject, pluginComments, pluginOptions } from './init-files.ts'
import type { LocaleChoice } from './locale-matrix.ts'
import { runScript, type PackageManager } from './package-manager.ts'
import { exists } from './exists.ts'

/** Vitest's own order of preference; a vite.config.* counts only when it has a `test` key. */
const VITEST_CONFIGS = ['vitest.config.ts', 'vitest.config.mts', 'vitest.config.cts', 'vitest.config.js', 'vitest.config.mjs', 'vitest.config.cjs']
const VITE_CONFIGS = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs']

export interface ConfigSetup {
  root: string
  pkg: PackageJson
  pm: PackageManager
  /** The extension folder, relative to the root: 'dist'. */
  dir: string
  build?: BuildStep
  /** The browsers every file runs in (a Vitest project each), when the extension ships for Firefox too. */
  browsers?: readonly BrowserName[]
  /** The languages every file runs in (a Vitest project each), when the extension ships several. */
  locales?: LocaleChoice
  force: boolean
  log: (line: string) => void
}

/** What runs the computer-use tests afterwards, and why that one. */
export interface NextRun {
  command: string
  what: string
}

async function firstExisting(root: string, names: readonly string[]): Promise<string | undefined> {
  for (const name of names) if (await exists(join(root, name))) return name
  return undefined
}

/** A unified diff of the edit, indented under init's own lines. */
export function configDiff(name: string, before: string, after: string): string[] {
  const patch = createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, { context: 2, headerOptions: FILE_HEADERS_ONLY })
  return patch.trimEnd().split('\n').map((line) => `    ${line}`)
}

export async function setUpConfig(setup: ConfigSetup): Promise<NextRun> {
  const { root, pkg, log } = setup
  const vite = await firstExisting(root, VITE_CONFIGS)
  const viteText = vite ? await readFile(join(root, vite), 'utf8') : ''
  const config = (await firstExisting(root, VITEST_CONFIGS)) ?? (vite && hasTestKey(viteText) ? vite : undefined)
  if (config) {
    const before = await readFile(join(root, config), 'utf8')
    const result = addAgentprobePlugin(before, { ...pluginOptions(setup), comments: pluginComments(setup) })
    // (with a matrix the project is one per browser or language: 'cua (chromium)', 'cua (firefox)', 'cua (de)')
    const axes = matrixAxes(setup)
    const cua = axes.length > 0
      ? { command: "npx vitest run --project 'cua*'", what: `the cua projects the plugin adds, one per ${axes.join(' and ')}; one alone: --project '${oneMatrixProject(setup)}'` }
      : { command: 'npx vitest run --project cua', what: 'the cua project the plugin adds' }
    if (result.kind === 'present') log(`  kept    ${config} (it already has the agentprobe plugin)`)
    if (result.kind === 'edited') {
      await writeFile(join(root, config), result.code)
      log(`  edited  ${config}: added the agentprobe plugin`)
      for (const line of configDiff(config, before, result.code)) log(line)
    }
    if (result.kind !== 'unsupported') return cua
    return separateConfig(setup, `${config} left as it is: ${result.reason}`)
  }
  const deps = { ...pkg.dependencies, ...pkg.devDependencies }
  if (vite && 'vitest' in deps) return separateConfig(setup, `${vite} has no \`test\` key, and a vitest.config would take its place for your other Vitest tests`)
  const name = configName(pkg.type)
  await writeFile(join(root, name), configFile(setup))
  log(`  created ${name}`)
  return { command: 'npx vitest run', what: 'the example test' }
}

/** A config of its own and a `test:cua` script to run it, beside a config init cannot edit. */
async function separateConfig(setup: ConfigSetup, why: string): Promise<NextRun> {
  const { root, pkg, log } = setup
  const name = cuaConfigName(pkg.type)
  log(`  note    ${why}; agentprobe gets its own ${name}`)
  if (!setup.force && (await exists(join(root, name)))) log(`  kept    ${name} (it exists; --force overwrites)`)
  else {
    await writeFile(join(root, name), configFile(setup))
    log(`  created ${name}`)
  }
  return addCuaScript(setup, `vitest run -c ${name}`, 'the separate agentprobe config')
}

/** A `test:cua` script running `script` in package.json, unless one exists; what runs the tests either way. */
export async function addCuaScript(setup: Pick<ConfigSetup, 'root' | 'pkg' | 'pm' | 'log'>, script: string, what: string): Promise<NextRun> {
  const { root, pkg, log } = setup
  const existing = pkg.scripts?.['test:cua']
  if (existing !== undefined && existing !== script) {
    log(`  kept    the test:cua script of package.json (it runs \`${existing}\`)`)
    return { command: `npx ${script}`, what }
  }
  if (existing === undefined) {
    const path = join(root, 'package.json')
    const text = await readFile(path, 'utf8')
    const json = JSON.parse(text) as PackageJson
    json.scripts = { ...json.scripts, 'test:cua': script }
    await writeFile(path, stringifyLike(text, json))
    log(`  added   the script "test:cua": "${script}" to package.json`)
  }
  return { command: runScript(setup.pm, 'test:cua'), what }
}

/** JSON in the indentation and final newline of the file it replaces. */
export function stringifyLike(text: string, json: unknown): string {
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  '
  return `${JSON.stringify(json, null, indent)}${text.endsWith('\n') ? '\n' : ''}`
}
