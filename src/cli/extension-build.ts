// Whether an extension's manifest is made by a build (WXT, Plasmo, CRXJS, Vite or webpack) and the
// package.json script that runs it, so init can ask for a build instead of testing source files.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { runScript, runWorkspaceScript, type PackageManager, type WorkspacePackage } from './package-manager.ts'
import { exists } from './exists.ts'

export interface BuildStep {
  /** What builds it, as its script says: 'wxt build', 'vite build'. */
  tool: string
  /** The command a user runs: 'npm run build'. */
  command: string
}

export interface PackageJson {
  name?: string
  type?: unknown
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  workspaces?: unknown
  manifest?: unknown
}

/** The tools whose run writes a manifest.json, as a script names them. */
const TOOLS: [RegExp, string][] = [
  [/\bwxt\s+build\b/, 'wxt build'],
  [/\bplasmo\s+build\b/, 'plasmo build'],
  [/\bvite\s+build\b/, 'vite build'],
  [/\bwebpack\b(?!-dev-server|\s+serve)/, 'webpack'],
]

async function firstFile(dir: string, pattern: RegExp): Promise<string | undefined> {
  const names = await readdir(dir).catch(() => [] as string[])
  return names.find((name) => pattern.test(name))
}

/** What in `dir` says its manifest comes from a build, as the tool that builds it; undefined when nothing does. */
async function buildTool(dir: string, pkg: PackageJson): Promise<string | undefined> {
  if (await firstFile(dir, /^wxt\.config\.[cm]?[jt]s$/)) return 'wxt build'
  const deps = { ...pkg.dependencies, ...pkg.devDependencies }
  if ('plasmo' in deps || (pkg.manifest && typeof pkg.manifest === 'object')) return 'plasmo build'
  const vite = await firstFile(dir, /^vite\.config\.[cm]?[jt]s$/)
  const webpack = await firstFile(dir, /^webpack\.config\.[cm]?[jt]s$/)
  const viteText = vite ? await readFile(join(dir, vite), 'utf8') : ''
  if (viteText.includes('@crxjs/vite-plugin')) return 'vite build'
  for (const name of ['manifest.ts', 'manifest.config.ts', 'src/manifest.ts', 'src/manifest.config.ts']) if (await exists(join(dir, name))) return vite ? 'vite build' : 'the build'
  const sourceManifest = (await exists(join(dir, 'src/manifest.json'))) || (await exists(join(dir, 'public/manifest.json')))
  if (sourceManifest && vite) return 'vite build'
  if (sourceManifest && webpack) return 'webpack'
  return undefined
}

const run = (pm: PackageManager, script: string, workspace?: WorkspacePackage) => (workspace ? runWorkspaceScript(pm, script, workspace) : runScript(pm, script))

/** The build step of the package in `dir` (run from the workspace root when it is a workspace package), or undefined when its manifest is not made by a build. */
export async function buildStep(dir: string, pkg: PackageJson, pm: PackageManager, workspace?: WorkspacePackage): Promise<BuildStep | undefined> {
  const tool = await buildTool(dir, pkg)
  if (!tool) return undefined
  // A `build` script that runs none of the known tools (a script of the repo's own) is named as it is.
  const own = pkg.scripts?.build
  return scriptFor(pkg, pm, workspace) ?? { tool: own ?? tool, command: run(pm, 'build', workspace) }
}

/** The script that runs a build tool (`build` first), as the user would run it. */
export function scriptFor(pkg: PackageJson, pm: PackageManager, workspace?: WorkspacePackage): BuildStep | undefined {
  const scripts = Object.entries(pkg.scripts ?? {}).sort(([a], [b]) => Number(b === 'build') - Number(a === 'build'))
  for (const [name, command] of scripts) {
    for (const [pattern, tool] of TOOLS) if (pattern.test(command)) return { tool, command: run(pm, name, workspace) }
  }
  return undefined
}
