// Whether a repo's tests run on Jest, where its Jest config is, and how a TypeScript test would be
// compiled there — what `agentprobe init` needs to add a computer-use suite beside the user's.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { PackageJson } from './extension-build.ts'
import { exists } from './exists.ts'

/** Jest's own order of preference for its config file. */
const JEST_CONFIGS = ['jest.config.js', 'jest.config.ts', 'jest.config.mjs', 'jest.config.cjs', 'jest.config.json']
/** Babel's project-wide config files: with one, babel-jest compiles a .ts test without a `transform`. */
const BABEL_CONFIGS = ['babel.config.js', 'babel.config.cjs', 'babel.config.mjs', 'babel.config.json', '.babelrc', '.babelrc.js', '.babelrc.cjs', '.babelrc.json']

/** Where the user's Jest config lives: a file, package.json's `jest` key, or nowhere (Jest's defaults). */
export type JestConfigPlace = { kind: 'file'; name: string } | { kind: 'package.json' } | { kind: 'none' }

/** How the generated test is compiled: plain CommonJS, or TypeScript through a transform the repo has. */
export type TestModule = { module: 'cjs' } | { module: 'ts'; transform?: Record<string, unknown>; via: string }

export interface JestRepo {
  config: JestConfigPlace
  test: TestModule
  /** '@jest/globals' is a dependency: the test imports test and expect from it. */
  jestGlobals: boolean
  /** Jest's major version, installed or else as package.json asks for it; undefined when neither says. */
  jestMajor?: number
}

const depsOf = (pkg: PackageJson) => ({ ...pkg.dependencies, ...pkg.devDependencies })

/** A Jest repo, or undefined: Jest in its dependencies or a Jest config, and no Vitest (which keeps the Vitest path). */
export async function detectJest(root: string, pkg: PackageJson): Promise<JestRepo | undefined> {
  const deps = depsOf(pkg)
  if ('vitest' in deps) return undefined
  let config: JestConfigPlace = { kind: 'none' }
  for (const name of JEST_CONFIGS) {
    if (await exists(join(root, name))) {
      config = { kind: 'file', name }
      break
    }
  }
  if (config.kind === 'none' && (pkg as { jest?: unknown }).jest !== undefined) config = { kind: 'package.json' }
  if (config.kind === 'none' && !('jest' in deps)) return undefined
  const major = await jestMajor(root, deps.jest)
  return { config, test: await testModule(root, pkg), jestGlobals: '@jest/globals' in deps, ...(major !== undefined && { jestMajor: major }) }
}

/** The installed Jest's major version, else the first number of the range package.json asks for (`^30.0.0`: 30). */
async function jestMajor(root: string, range: string | undefined): Promise<number | undefined> {
  const installed = await readFile(join(root, 'node_modules', 'jest', 'package.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { version?: string }).version,
    () => undefined,
  )
  const major = /(\d+)/.exec(installed ?? range ?? '')?.[1]
  return major === undefined ? undefined : Number(major)
}

/** ts-jest or babel-jest with @babel/preset-typescript compile a .ts test; otherwise it is written as plain CommonJS. */
async function testModule(root: string, pkg: PackageJson): Promise<TestModule> {
  const deps = depsOf(pkg)
  if ('@babel/preset-typescript' in deps) {
    let babelConfig = (pkg as { babel?: unknown }).babel !== undefined
    for (const name of BABEL_CONFIGS) babelConfig ||= await exists(join(root, name))
    // Jest's default transform is babel-jest, which reads the repo's Babel config.
    if (babelConfig) return { module: 'ts', via: 'babel-jest with your Babel config' }
    if ('@babel/preset-env' in deps) {
      const presets = [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript']
      return { module: 'ts', transform: { '\\.ts$': ['babel-jest', { presets }] }, via: 'babel-jest with @babel/preset-typescript' }
    }
  }
  if ('ts-jest' in deps) return { module: 'ts', transform: { '^.+\\.tsx?$': 'ts-jest' }, via: 'ts-jest' }
  return { module: 'cjs' }
}
