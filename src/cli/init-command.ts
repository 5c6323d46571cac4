// `agentprobe init`: adds agentprobe to an existing extension repo — a Vitest config with the
// plugin (.ts or .mts, as the package's module type wants), a *.cua.test.ts written from the
// manifest, a case file and the browser workflow. It never overwrites a file unless --force.
import { access, mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError } from '../core/errors.ts'
import { slug } from '../session/artifact-paths.ts'
import { parseFlags } from './args.ts'
import { readExtensionFacts } from './extension-facts.ts'
import { caseFile, configFile, configName, dirArg, workflowFile } from './init-files.ts'
import { testFile } from './init-tests.ts'

const FLAGS = { extension: { type: 'string' }, force: { type: 'boolean' } } as const
/** Where a built extension usually is, in the order looked at. */
const EXTENSION_DIRS = ['dist', 'build', 'extension', 'src', '.']
const CONFIGS = ['vitest.config.ts', 'vitest.config.mts', 'vitest.config.js', 'vitest.config.mjs', 'vitest.config.cts', 'vitest.config.cjs']
/** The template ships with the package, next to src/ and dist/. */
const WORKFLOW_TEMPLATE = fileURLToPath(new URL('../../examples/github/browser-cua.yml', import.meta.url))

const exists = (path: string) => access(path).then(() => true, () => false)

export async function initCommand(args: string[], log: (line: string) => void): Promise<number> {
  const { values } = parseFlags(args, FLAGS, 'init')
  const root = process.cwd()
  const pkgPath = join(root, 'package.json')
  if (!(await exists(pkgPath))) throw new ConfigError(`agentprobe init: no package.json in ${root}; run it at the root of your extension's repository (npm init -y first)`)
  const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as { name?: string; type?: unknown; dependencies?: object; devDependencies?: object }

  const dir = await extensionDir(root, values.extension)
  const ext = await readExtensionFacts(root, dir, pkg.name ?? basename(root))
  const testDir = (await exists(join(root, 'test'))) ? 'test' : 'tests'
  const casePath = `cases/${slug(ext.name)}.yaml`
  const config = await firstExisting(root, CONFIGS)
  const files: [string, string][] = [
    ...(config ? [] : [[configName(pkg.type), configFile(ext)] as [string, string]]),
    [`${testDir}/${slug(ext.name)}.cua.test.ts`, testFile(ext)],
    [casePath, caseFile(ext)],
    ['.github/workflows/browser-cua.yml', workflowFile(await readFile(WORKFLOW_TEMPLATE, 'utf8'), ext, casePath)],
  ]
  log(`agentprobe init: ${ext.name} in ${dirArg(ext.dir)}`)
  if (config) log(`  kept    ${config}: add \`plugins: [agentprobe({ extension: '${dirArg(ext.dir)}' })]\` (import { agentprobe } from 'agentprobe/plugin')`)
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
  const deps = { ...pkg.dependencies, ...pkg.devDependencies }
  const missing = ['agentprobe', 'vitest'].filter((name) => !(name in deps))
  if (missing.length) log(`next: npm install --save-dev ${missing.join(' ')}`)
  log(`then: npx vitest run            (the example test)`)
  log(`      npx agentprobe run --target browser --extension ${dirArg(ext.dir)} --case ${casePath} --output-dir artifacts/`)
  return 0
}

async function extensionDir(root: string, flag: string | undefined): Promise<string> {
  if (flag !== undefined) {
    const abs = isAbsolute(flag) ? flag : resolve(root, flag)
    if (!(await exists(join(abs, 'manifest.json')))) throw new ConfigError(`agentprobe init: --extension ${flag} has no manifest.json`)
    return relative(root, abs) || '.'
  }
  for (const dir of EXTENSION_DIRS) if (await exists(join(root, dir, 'manifest.json'))) return dir
  throw new ConfigError(`agentprobe init: no manifest.json in ${EXTENSION_DIRS.map((d) => `${d}/`).join(', ')}; build the extension first or pass --extension DIR`)
}

async function firstExisting(root: string, names: readonly string[]): Promise<string | undefined> {
  for (const name of names) if (await exists(join(root, name))) return name
  return undefined
}
