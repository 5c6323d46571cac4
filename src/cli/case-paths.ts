// What `--case` names, as case files: a file, a folder (the case files directly in it) or a glob
// ('cases/**/*.yaml'), in the order given, each file once.
import { glob, readdir, stat } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { ConfigError } from '../core/errors.ts'

/** The extensions a case file may have: YAML, JSON, and modules whose default export is the case. */
export const CASE_EXTENSIONS = ['.yaml', '.yml', '.json', '.ts', '.mts', '.js', '.mjs']

const isCaseFile = (name: string) => CASE_EXTENSIONS.includes(extname(name).toLowerCase()) && !/\.d\.[cm]?ts$/.test(name)

export async function expandCasePaths(values: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = []
  for (const value of values) {
    for (const file of await expand(value, cwd)) if (!files.includes(file)) files.push(file)
  }
  return files
}

async function expand(value: string, cwd: string): Promise<string[]> {
  const path = resolve(cwd, value)
  if (/[*?[\]{}]/.test(value)) {
    const found: string[] = []
    for await (const match of glob(value, { cwd, exclude: (name) => name === 'node_modules' })) found.push(resolve(cwd, match))
    const cases = found.filter(isCaseFile).sort()
    if (cases.length === 0) throw new ConfigError(`--case ${value}: the pattern matches no case file (${CASE_EXTENSIONS.join(', ')})`)
    return cases
  }
  const info = await stat(path).catch(() => undefined)
  // A missing file is reported by the case loader, with the others, as `file: cannot read`.
  if (!info?.isDirectory()) return [path]
  const cases = (await readdir(path)).filter(isCaseFile).sort().map((name) => join(path, name))
  if (cases.length === 0) throw new ConfigError(`--case ${value}: the folder holds no case file (${CASE_EXTENSIONS.join(', ')})`)
  return cases
}
