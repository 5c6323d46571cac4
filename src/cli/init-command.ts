// `agentprobe init`: adds agentprobe to an existing extension repo — the plugin in the Vitest config
// it has (or a fresh or separate one, init-config.ts; a Jest repo's suite gets a Jest config of its
// own, init-jest.ts), a *.cua.test.* written from the manifest, a case file and the browser
// workflow. It never overwrites a file it did not edit unless --force.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { execa } from 'execa'
import { ConfigError } from '../core/errors.ts'
import type { BrowserName } from '../targets/browser.ts'
import { slug } from '../session/artifact-paths.ts'
import { ignoreInGit } from './gitignore-entry.ts'
import { parseFlags } from './args.ts'
import type { PackageJson } from './extension-build.ts'
import { readExtensionFacts, type ExtensionFacts } from './extension-facts.ts'
import { findExtension } from './find-extension.ts'
import { setUpConfig } from './init-config.ts'
import { chooseLocales } from './locale-matrix.ts'
import { previousRelease } from './release-tag.ts'
import { caseFile, dirArg, workflowFile } from './init-files.ts'
import { JEST_CUA_CONFIG, setUpJest } from './init-jest.ts'
import { testFile } from './init-tests.ts'
import { detectJest } from './jest-repo.ts'
import { addDevArgs, detectPackageManager, isYarnClassic, runScript } from './package-manager.ts'
import { jestDialect } from './test-dialect.ts'
import { isWorkspaceRoot } from './workspaces.ts'
import { exists } from './exists.ts'

const FLAGS = { extension: { type: 'string' }, force: { type: 'boolean' }, install: { type: 'boolean' } } as const
/** The template ships with the package, next to src/ and dist/. */
const WORKFLOW_TEMPLATE = fileURLToPath(new URL('../../examples/github/browser-cua.yml', import.meta.url))

/**
 * Both browsers when the manifest ships for Firefox too (a Vitest project each; one Jest config runs
 * one browser), saying why, and what Firefox would refuse or ignore, each with its field and fix.
 */
function browsersFor(ext: ExtensionFacts, jest: boolean, log: (line: string) => void): BrowserName[] | undefined {
  if (!ext.firefox) return undefined
  if (jest) log(`  note    the manifest has ${ext.firefox.field}, but one Jest config runs one browser: the tests run on Chromium (a second config with browser: 'firefox' runs them on Firefox)`)
  else log(`  browsers chromium, firefox: every computer-use file runs on each (the manifest has ${ext.firefox.field})`)
  for (const problem of ext.firefox.problems) log(`  firefox ${problem.field}: ${problem.detail}; ${problem.fix}`)
  return jest ? undefined : ['chromium', 'firefox']
}

export async function initCommand(args: string[], log: (line: string) => void, root = process.cwd()): Promise<number> {
  const { values } = parseFlags(args, FLAGS, 'init')
  const pkgPath = join(root, 'package.json')
  if (!(await exists(pkgPath))) throw new ConfigError(`agentprobe init: no package.json in ${root}; run it at the root of your extension's repository (npm init -y first)`)
  const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as PackageJson
  const pm = await detectPackageManager(root)

  const found = await findExtension(root, pkg, pm, values.extension)
  const ext = await readExtensionFacts(root, found.dir, found.workspace?.name ?? pkg.name ?? basename(root))
  log(`agentprobe init: ${ext.name} in ${dirArg(ext.dir)}`)
  if (found.workspace) log(`  found   it in the workspace package ${found.workspace.name} (${found.workspace.dir})`)
  if (found.build) log(`  build   \`${found.build.command}\` (${found.build.tool}) makes ${dirArg(ext.dir)}: run it after a change, before the tests`)
  const testDir = (await exists(join(root, 'test'))) ? 'test' : 'tests'
  const jest = await detectJest(root, pkg)
  // (a Vitest project per language; Jest has no such matrix)
  const locales = ext.locales && !jest ? chooseLocales(ext.locales.defaultLocale, ext.locales.shipped) : undefined
  if (locales?.run.length) log(`  locales ${locales.run.join(', ')}: every computer-use file runs once in each (of ${ext.locales!.shipped.length} in _locales)`)
  const browsers = browsersFor(ext, jest !== undefined, log)
  const setup = { root, pkg, pm, dir: ext.dir, ...(found.build && { build: found.build }), ...(browsers && { browsers }), ...(locales && { locales }), force: values.force === true, log }
  // Plain CommonJS where the repo has no TypeScript transform: Jest runs a .cjs test as it is.
  const testPath = `${testDir}/${slug(ext.name)}.cua.test.${jest?.test.module === 'cjs' ? 'cjs' : 'ts'}`
  const next = jest ? await setUpJest(setup, jest, testPath) : await setUpConfig(setup)
  const dialect = jest && jestDialect({ module: jest.test.module, jestGlobals: jest.jestGlobals, runCommand: next.command, configName: JEST_CUA_CONFIG })

  // An update test from the last release, when there is one and a build to make it from (a known
  // tool's, or the package's own build script, e.g. a copy into dist/).
  const build = found.build?.command ?? (pkg.scripts?.build && !found.workspace ? runScript(pm, 'build') : undefined)
  const release = build && (await previousRelease(root))
  const updateFrom = build && release ? { git: release, build, output: ext.dir } : undefined
  if (updateFrom) log(`  update  from ${release}: the test installs that release (built once with \`${updateFrom.build}\`) and updates it to this build`)
  const casePath = `cases/${slug(ext.name)}.yaml`
  const files: [string, string][] = [
    [testPath, testFile(ext, dialect, browsers, updateFrom)],
    [casePath, caseFile(ext)],
    ['.github/workflows/browser-cua.yml', workflowFile(await readFile(WORKFLOW_TEMPLATE, 'utf8'), ext, casePath)],
  ]
  for (const [path, text] of files) {
    const file = join(root, path)
    if (!values.force && (await exists(file))) {
      log(`  kept    ${path} (it exists; --force overwrites)`)
      continue
    }
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, text)
    log(`  created ${path}`)
  }

  if (await ignoreInGit(root, '.agentprobe/', 'agentprobe: the run history of this machine (agentprobe history)')) log('  added   .agentprobe/ to .gitignore (the run history)')

  const deps = { ...pkg.dependencies, ...pkg.devDependencies }
  // agentprobe's Jest environment extends jest-environment-node, a peer dependency.
  const missing = ['agentprobe', ...(jest ? ['jest-environment-node'] : ['vitest'])].filter((name) => !(name in deps))
  if (missing.length) {
    const [command, ...rest] = addDevArgs(pm, missing, { workspaceRoot: await isWorkspaceRoot(root, pkg), yarnClassic: pm === 'yarn' && (await isYarnClassic(root)) })
    if (!values.install) log(`next: ${[command, ...rest].join(' ')}   (or init --install)`)
    else {
      log(`  install ${[command, ...rest].join(' ')}`)
      const result = await execa(command, rest, { cwd: root, stdio: 'inherit', reject: false })
      if (result.exitCode !== 0) throw new ConfigError(`agentprobe init: \`${[command, ...rest].join(' ')}\` failed (exit ${result.exitCode ?? result.signal}); run it yourself`)
    }
  }
  log(`then: ${next.command}  (${next.what})`)
  log(`      npx agentprobe run --target browser --extension ${dirArg(ext.dir)} --case ${casePath} --output-dir artifacts/`)
  return 0
}
