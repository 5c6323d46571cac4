// Where a repo's built extension is, without flags: the output folders of WXT, Plasmo, CRXJS/Vite
// and webpack, then an unbundled extension's own folder; at a workspace root, its packages too. A
// manifest that only a build makes is asked for by name of the build command, not guessed at.
import { isAbsolute, join, relative, resolve } from 'node:path'
import { ConfigError } from '../core/errors.ts'
import { readManifest } from '../targets/read-manifest.ts'
import { buildStep, type BuildStep, type PackageJson } from './extension-build.ts'
import { readPackageJson, type PackageManager, type WorkspacePackage } from './package-manager.ts'
import { isWorkspaceRoot, workspacePackages } from './workspaces.ts'
import { exists } from './exists.ts'

/** Where builds write an extension, in the order looked at: WXT, Plasmo, then Vite/CRXJS and webpack. */
export const BUILT_DIRS = ['.output/chrome-mv3', '.output/chrome-mv3-dev', 'build/chrome-mv3-prod', 'build/chrome-mv3-dev', 'dist', 'build', 'dist/chrome', 'build/chrome', 'extension']
/** Where an extension that needs no build keeps its manifest. */
const SOURCE_DIRS = ['src', '.']

export interface FoundExtension {
  /** Relative to the root init runs in, e.g. 'dist' or 'packages/ext/.output/chrome-mv3'. */
  dir: string
  /** The command that builds it, when a build makes it. */
  build?: BuildStep
  /** The workspace package it is in, when init runs at a workspace root. */
  workspace?: { dir: string; name: string }
}

type Search = { dir: string; built: boolean; build?: BuildStep } | { build: BuildStep } | undefined

/**
 * A manifest.json of an extension, not a web app's (which has no manifest_version), read as Chrome
 * reads it (comments allowed). One that cannot be parsed is an error naming it, not a folder passed over.
 */
const hasManifest = (dir: string) =>
  readManifest(dir).then(
    ({ manifest }) => manifest.manifest_version !== undefined,
    (error: unknown) => {
      if (error instanceof ConfigError && error.context?.missing === true) return false
      throw error
    },
  )

/** One package: a built manifest, else (when no build makes it) a source one, else the build it needs. */
async function searchPackage(dir: string, pkg: PackageJson, pm: PackageManager, workspace?: WorkspacePackage): Promise<Search> {
  const build = await buildStep(dir, pkg, pm, workspace)
  for (const sub of BUILT_DIRS) if (await hasManifest(join(dir, sub))) return { dir: sub, built: true, ...(build && { build }) }
  if (build) return { build }
  for (const sub of SOURCE_DIRS) if (await hasManifest(join(dir, sub))) return { dir: sub, built: false }
  return undefined
}

const notBuilt = (build: BuildStep, where = '') =>
  new ConfigError(`agentprobe init: no built extension yet${where}: run \`${build.command}\` (${build.tool}) first, then init again (or pass --extension DIR)`)

export async function findExtension(root: string, pkg: PackageJson, pm: PackageManager, flag?: string): Promise<FoundExtension> {
  if (flag !== undefined) {
    const abs = isAbsolute(flag) ? flag : resolve(root, flag)
    if (!(await exists(join(abs, 'manifest.json')))) throw new ConfigError(`agentprobe init: --extension ${flag} has no manifest.json`)
    const dir = relative(root, abs) || '.'
    // A folder given by hand that is the source itself is not what a build makes.
    const build = SOURCE_DIRS.includes(dir) || dir === 'public' ? undefined : await buildStep(root, pkg, pm)
    return { dir, ...(build && { build }) }
  }
  const own = await searchPackage(root, pkg, pm)
  if (own && 'dir' in own && own.built) return { dir: own.dir, ...(own.build && { build: own.build }) }
  let waiting: { build: BuildStep; dir: string } | undefined
  if (await isWorkspaceRoot(root, pkg)) {
    for (const dir of await workspacePackages(root, pkg)) {
      const inner = await readPackageJson<PackageJson>(join(root, dir))
      // Its build is run from the root, where init runs: `pnpm --filter @acme/ext build`.
      const found = await searchPackage(join(root, dir), inner, pm, { dir, ...(inner.name !== undefined && { name: inner.name }) })
      if (found && 'dir' in found) {
        const workspace = { dir, name: inner.name ?? dir }
        return { dir: join(dir, found.dir), workspace, ...(found.build && { build: found.build }) }
      }
      if (found && !waiting) waiting = { build: found.build, dir }
    }
  }
  if (own && 'dir' in own) return { dir: own.dir }
  if (own) throw notBuilt(own.build)
  if (waiting) throw notBuilt(waiting.build, ` in ${waiting.dir}`)
  const looked = [...BUILT_DIRS, ...SOURCE_DIRS].map((d) => `${d}/`).join(', ')
  throw new ConfigError(`agentprobe init: no manifest.json in ${looked}; build the extension first or pass --extension DIR`)
}
