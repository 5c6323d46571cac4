// Where the version users have comes from, for an update test: the folder of an earlier build, the
// .zip uploaded to a store, a .crx, or a git ref and the command that builds it (built once into
// a cache, then reused by every test and worker that asks for the same ref and command).
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, normalize, resolve, sep } from 'node:path'
import { execa } from 'execa'
import { unzipSync } from 'fflate'
import { ConfigError, TargetError, errorMessage } from '../../core/errors.ts'

/** An earlier build, built from a commit of this repository. */
export interface GitVersion {
  /** A tag, branch or commit: 'v2.3.0'. */
  git: string
  /** The shell command that builds it, run at the repository's root as of that commit: 'npm run build'. */
  build: string
  /** The folder the build writes the extension to, relative to that root: 'dist'. */
  output: string
}

/** A folder, a .zip or .crx file (paths relative to `cwd`), or a git ref with its build. */
export type VersionSource = string | GitVersion

export interface SourceOptions {
  /** What relative paths and the repository are found from (default: the working directory). */
  cwd?: string | undefined
  /** Where built refs are kept (default: the repository's node_modules/.cache/agentprobe). */
  cacheDir?: string | undefined
  /** Bound on a build, ms (default 10 minutes). */
  buildTimeout?: number | undefined
  signal?: AbortSignal | undefined
}

/** Writes the extension `source` names into the empty folder `dest`. */
export async function materializeVersion(source: VersionSource, dest: string, options: SourceOptions = {}): Promise<void> {
  const cwd = options.cwd ?? process.cwd()
  if (typeof source === 'object' && source !== null) return void (await cp(await builtVersion(source, cwd, options), dest, { recursive: true }))
  if (typeof source !== 'string' || source === '') throw new ConfigError(`installVersion(): the source must be a folder, a .zip or .crx file, or { git, build, output }; got ${JSON.stringify(source)}`)
  const path = resolve(cwd, source)
  if (!existsSync(path)) throw new ConfigError(`installVersion(): ${path} does not exist`)
  if (/\.(zip|crx)$/i.test(path)) return extractArchive(path, dest)
  await cp(path, dest, { recursive: true })
}

/** Unpacks a .zip, or a .crx (a header before the same zip), rejecting entries that would land outside `dest`. */
async function extractArchive(path: string, into: string): Promise<void> {
  const dest = resolve(into)
  const bytes = new Uint8Array(await readFile(path))
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes.subarray(crxHeaderLength(bytes, path)))
  } catch (error) {
    throw new ConfigError(`installVersion(): ${path} is not a zip archive an extension is packed in: ${errorMessage(error)}`, { cause: error })
  }
  const names = Object.keys(files).filter((name) => !name.endsWith('/'))
  // A zip made of the build folder itself, rather than of its contents, has the manifest one level down.
  const top = names.includes('manifest.json') ? '' : singleTopFolder(names)
  if (top === undefined || !names.includes(`${top}manifest.json`)) throw new ConfigError(`installVersion(): ${path} has no manifest.json at its root`)
  for (const name of names) {
    if (!name.startsWith(top)) continue
    const target = normalize(join(dest, name.slice(top.length)))
    if (isAbsolute(name) || !target.startsWith(dest + sep)) throw new ConfigError(`installVersion(): ${path} holds an entry outside its folder: ${name}`)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, files[name]!)
  }
}

/** Bytes before the zip in a CRX2 or CRX3 file ("Cr24"); 0 for anything else. */
function crxHeaderLength(bytes: Uint8Array, path: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 4)) !== 'Cr24') return 0
  const version = view.getUint32(4, true)
  if (version === 3) return 12 + view.getUint32(8, true)
  if (version === 2 && bytes.length >= 16) return 16 + view.getUint32(8, true) + view.getUint32(12, true)
  throw new ConfigError(`installVersion(): ${path} is a CRX of version ${version}; versions 2 and 3 are read`)
}

function singleTopFolder(names: string[]): string | undefined {
  const tops = new Set(names.map((name) => name.split('/')[0]))
  const [only] = tops
  return tops.size === 1 && names.every((name) => name.includes('/')) ? `${only}/` : undefined
}

/** The folder `version.output` of `version.git` built by `version.build`: from the cache, else built there now. */
async function builtVersion(version: GitVersion, cwd: string, options: SourceOptions): Promise<string> {
  for (const field of ['git', 'build', 'output'] as const) {
    if (typeof version[field] !== 'string' || version[field] === '') throw new ConfigError(`installVersion({ git, build, output }): "${field}" must be a non-empty string`)
  }
  const git = (args: string[]) => execa('git', args, { cwd, cancelSignal: options.signal })
  const repo = await git(['rev-parse', '--show-toplevel']).then(
    (r) => r.stdout.trim(),
    (error: unknown) => Promise.reject(new ConfigError(`installVersion({ git: '${version.git}' }): ${cwd} is not inside a git repository`, { cause: error })),
  )
  const commit = await git(['rev-parse', '--verify', '--quiet', `${version.git}^{commit}`]).then(
    (r) => r.stdout.trim(),
    (error: unknown) => Promise.reject(new ConfigError(`installVersion({ git: '${version.git}' }): no commit "${version.git}" in ${repo}`, { cause: error })),
  )
  const recipe = createHash('sha256').update(`${version.build}\0${version.output}`).digest('hex').slice(0, 12)
  const root = join(options.cacheDir ?? versionCacheDir(repo), 'versions')
  const built = join(root, `${commit}-${recipe}`)
  if (existsSync(join(built, 'manifest.json'))) return built
  await mkdir(root, { recursive: true })
  const work = await mkdtemp(join(root, '.build-'))
  try {
    const archive = join(work, 'source.tar')
    const tree = join(work, 'tree')
    await mkdir(tree)
    await git(['archive', '--format=tar', `--output=${archive}`, commit])
    await execa('tar', ['-xf', archive, '-C', tree], { cancelSignal: options.signal })
    // The commit's own dependencies are not installed: the build runs with today's, as a rebuild of an old tag does.
    if (existsSync(join(repo, 'node_modules')) && !existsSync(join(tree, 'node_modules'))) await symlink(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir')
    const run = await execa(version.build, { shell: true, cwd: tree, all: true, reject: false, timeout: options.buildTimeout ?? 600_000, cancelSignal: options.signal })
    if (run.failed) {
      throw new TargetError(`installVersion({ git: '${version.git}' }): "${version.build}" failed at ${commit.slice(0, 12)} (${run.timedOut ? 'timed out' : `exit ${run.exitCode}`}):\n${String(run.all ?? '').slice(-2000)}`)
    }
    const output = resolve(tree, version.output)
    if (!existsSync(join(output, 'manifest.json'))) {
      const seen = await readdir(output).catch(() => [])
      throw new ConfigError(`installVersion({ git: '${version.git}' }): "${version.build}" left no manifest.json in ${version.output} (it holds: ${seen.join(', ') || 'nothing'})`)
    }
    // Two workers building the same ref at once: the first rename wins, the second finds it there.
    await rename(output, built).catch((error: unknown) => {
      if (!existsSync(join(built, 'manifest.json'))) throw error
    })
    return built
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** The repository's node_modules/.cache/agentprobe, where build tools keep theirs; else a temporary folder. */
function versionCacheDir(repo: string): string {
  const modules = join(repo, 'node_modules')
  return existsSync(modules) ? join(modules, '.cache', 'agentprobe') : join(tmpdir(), 'agentprobe-cache')
}
