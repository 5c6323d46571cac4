// Which package manager a repo uses (from its lockfile, else package.json's `packageManager`), and
// its spelling of "add dev dependencies" and "run a script", so init's advice can be pasted as is.
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { exists } from './exists.ts'

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun'

const LOCKFILES: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
]

/** A folder's package.json, or {} when it has none or it is not JSON (a folder init only looks into). */
export const readPackageJson = <T extends object>(dir: string): Promise<T> =>
  readFile(join(dir, 'package.json'), 'utf8').then((t) => JSON.parse(t) as T, () => ({}) as T)

/** The first answer `look` gives in `root` or a folder above it (a workspace package's lockfile is at the workspace root). */
async function nearestUp<T>(root: string, look: (dir: string) => Promise<T | undefined>): Promise<T | undefined> {
  for (let dir = root; ; dir = dirname(dir)) {
    const found = await look(dir)
    if (found !== undefined) return found
    if (dirname(dir) === dir) return undefined
  }
}

/** The lockfile in `root` or the nearest folder above it, else package.json's packageManager, else npm. */
export async function detectPackageManager(root: string): Promise<PackageManager> {
  const locked = await nearestUp(root, async (dir) => {
    for (const [file, pm] of LOCKFILES) if (await exists(join(dir, file))) return pm
    return undefined
  })
  if (locked) return locked
  const pkg = await readPackageJson<{ packageManager?: unknown }>(root)
  const named = typeof pkg.packageManager === 'string' ? pkg.packageManager.split('@')[0] : undefined
  return named === 'pnpm' || named === 'yarn' || named === 'bun' ? named : 'npm'
}

/**
 * The argv that adds dev dependencies. At a workspace root pnpm needs `-w` and Yarn 1 `-W` to
 * accept them (Yarn 2+ and npm add to the root as they are).
 */
export function addDevArgs(pm: PackageManager, names: readonly string[], o: { workspaceRoot?: boolean; yarnClassic?: boolean } = {}): [string, ...string[]] {
  if (pm === 'npm') return ['npm', 'install', '--save-dev', ...names]
  const rootFlag = o.workspaceRoot ? (pm === 'pnpm' ? ['-w'] : pm === 'yarn' && o.yarnClassic ? ['-W'] : []) : []
  return [pm, 'add', '-D', ...rootFlag, ...names]
}

/** Yarn 1, whose lockfile says `yarn lockfile v1` (Yarn 2+ writes a YAML lockfile with `__metadata`), else a `.yarnrc.yml` says Yarn 2+. */
export async function isYarnClassic(root: string): Promise<boolean> {
  const said = await nearestUp(root, async (dir) => {
    const lock = await readFile(join(dir, 'yarn.lock'), 'utf8').catch(() => undefined)
    if (lock !== undefined) return /yarn lockfile v1/.test(lock.slice(0, 500))
    return (await exists(join(dir, '.yarnrc.yml'))) ? false : undefined
  })
  if (said !== undefined) return said
  const pkg = await readPackageJson<{ packageManager?: unknown }>(root)
  return typeof pkg.packageManager !== 'string' || /^yarn@1\./.test(pkg.packageManager)
}

/** A workspace package: its folder under the workspace root, and its package name when it has one. */
export interface WorkspacePackage {
  dir: string
  name?: string
}

/**
 * How a workspace package's script is run from the workspace root, as each manager spells it:
 * `pnpm --filter @acme/ext build`, `npm run build -w packages/ext`, `yarn workspace @acme/ext build`.
 */
export function runWorkspaceScript(pm: PackageManager, script: string, workspace: WorkspacePackage): string {
  if (pm === 'pnpm') return `pnpm --filter ${workspace.name ?? `./${workspace.dir}`} ${script}`
  if (pm === 'npm') return `npm run ${script} -w ${workspace.dir}`
  if (pm === 'yarn' && workspace.name) return `yarn workspace ${workspace.name} ${script}`
  return `cd ${workspace.dir} && ${runScript(pm, script)}`
}

/** How a package.json script is run: `npm run test:cua`, `pnpm test:cua`, `yarn test:cua`, `bun run test:cua`. */
export function runScript(pm: PackageManager, script: string): string {
  return pm === 'npm' || pm === 'bun' ? `${pm} run ${script}` : `${pm} ${script}`
}
