// The packages of a pnpm, npm or yarn workspace root (pnpm-workspace.yaml, or package.json's
// `workspaces`): where an extension of a monorepo lives when init runs at its root.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import type { PackageJson } from './extension-build.ts'
import { exists } from './exists.ts'

async function patterns(root: string, pkg: PackageJson): Promise<string[]> {
  const yaml = await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8').catch(() => undefined)
  const list = yaml !== undefined ? (parse(yaml) as { packages?: unknown } | null)?.packages : Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces as { packages?: unknown } | undefined)?.packages
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && !p.startsWith('!')) : []
}

/** Whether `root` is a workspace root. */
export async function isWorkspaceRoot(root: string, pkg: PackageJson): Promise<boolean> {
  return (await exists(join(root, 'pnpm-workspace.yaml'))) || pkg.workspaces !== undefined
}

/** The workspace packages' folders relative to `root`, in the order the patterns list them. `dir/*` and `dir/**` look one level down. */
export async function workspacePackages(root: string, pkg: PackageJson): Promise<string[]> {
  const dirs: string[] = []
  for (const pattern of await patterns(root, pkg)) {
    const clean = pattern.replace(/^\.\//, '').replace(/\/+$/, '')
    const wild = /^(.*?)\/\*\*?$/.exec(clean)
    const candidates = wild ? (await readdir(join(root, wild[1]!), { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory()).map((d) => `${wild[1]}/${d.name}`).sort() : [clean]
    for (const dir of candidates) if (!dirs.includes(dir) && (await exists(join(root, dir, 'package.json')))) dirs.push(dir)
  }
  return dirs
}
