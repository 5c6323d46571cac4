// The benchmark's case files: each module's default export is an array of cases (defineBenchCase).
// Every file is read and checked before anything runs, so a bad case exits 2 naming it; the case
// set is hashed (ids, case files, extensions, pages) so a recording says exactly what it measured.
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { colorScheme, locale } from '../config/appearance.ts'
import { BROWSER_NAMES } from '../targets/browser.ts'
import { skipReason } from '../bench/bench-browsers.ts'
import { ConfigError, errorMessage } from '../core/errors.ts'
import type { BenchCase } from '../bench/bench-case.ts'

export interface LoadedBenchCase {
  file: string
  benchCase: BenchCase
}

const VERDICTS = ['pass', 'fail']

export async function loadBenchCases(files: readonly string[], cwd: string): Promise<LoadedBenchCase[]> {
  const loaded: LoadedBenchCase[] = []
  const problems: string[] = []
  for (const file of files) {
    const shown = relative(cwd, file) || file
    let exported: unknown
    try {
      exported = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default
    } catch (error) {
      problems.push(`${shown}: cannot load (${errorMessage(error).split('\n')[0]})`)
      continue
    }
    if (!Array.isArray(exported)) {
      problems.push(`${shown}: the default export must be an array of cases (defineBenchCase)`)
      continue
    }
    for (const [index, value] of exported.entries()) {
      const why = caseProblem(value)
      if (why) problems.push(`${shown}: case ${index + 1}${typeof value?.id === 'string' ? ` (${value.id})` : ''}: ${why}`)
      else loaded.push({ file, benchCase: value as BenchCase })
    }
  }
  const seen = new Map<string, string>()
  for (const { file, benchCase } of loaded) {
    const first = seen.get(benchCase.id)
    if (first) problems.push(`${relative(cwd, file)}: case id ${benchCase.id} is also used in ${relative(cwd, first)}`)
    seen.set(benchCase.id, file)
  }
  if (problems.length > 0) throw new ConfigError(`agentprobe bench: bad case file(s):\n${problems.join('\n')}`)
  if (loaded.length === 0) throw new ConfigError('agentprobe bench: the case files hold no case')
  return loaded
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a module's export, checked field by field
function caseProblem(c: any): string | undefined {
  if (typeof c !== 'object' || c === null) return 'not a case object'
  for (const field of ['id', 'category', 'verify', 'mutantDescription']) if (typeof c[field] !== 'string' || c[field] === '') return `${field} must be a non-empty string`
  if (!VERDICTS.includes(c.expected?.good) || !VERDICTS.includes(c.expected?.mutant)) return "expected must be { good: 'pass'|'fail', mutant: 'pass'|'fail' }"
  if (typeof c.truth !== 'function') return 'truth must be a function'
  for (const field of ['maxSteps', 'expectedSteps']) if (c[field] !== undefined && !(Number.isInteger(c[field]) && c[field] > 0)) return `${field} must be a positive integer`
  const instruction = instructionProblem(c.instruction, c.target === 'android')
  if (instruction) return instruction
  if (c.target === 'android') {
    if (typeof c.package !== 'string' || typeof c.builds?.good !== 'string' || typeof c.builds?.mutant !== 'string') return 'an android case needs package and builds { good, mutant }'
    return undefined
  }
  if (typeof c.extension !== 'string' || !Array.isArray(c.edits)) return 'a browser case needs extension and edits'
  return browsersProblem(c) ?? releaseProblem(c)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as caseProblem
function browsersProblem(c: any): string | undefined {
  if (c.browsers === undefined) return undefined
  const known = (b: unknown) => (BROWSER_NAMES as readonly unknown[]).includes(b)
  if (!Array.isArray(c.browsers) || c.browsers.length === 0 || !c.browsers.every(known) || new Set(c.browsers).size !== c.browsers.length) {
    return `browsers must list some of ${BROWSER_NAMES.join(', ')}, each once`
  }
  const refused = c.browsers.find((b: (typeof BROWSER_NAMES)[number]) => skipReason(c, b) !== undefined)
  return refused === undefined ? undefined : `browsers names ${refused}, but ${skipReason(c, refused)}`
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as caseProblem
function releaseProblem(c: any): string | undefined {
  try {
    locale(c.locale, 'locale')
    colorScheme(c.colorScheme, 'colorScheme')
  } catch (error) {
    return errorMessage(error)
  }
  const updates = Array.isArray(c.instruction) ? c.instruction.filter((step: { update?: unknown }) => step?.update === true).length : 0
  if (c.previousVersion === undefined) return updates > 0 ? 'an UPDATE step needs previousVersion (the folder under bench/extensions of the version users have)' : undefined
  if (typeof c.previousVersion !== 'string' || c.previousVersion === '') return 'previousVersion must be the name of a folder under bench/extensions'
  if (updates !== 1) return `previousVersion needs exactly one UPDATE step in the instruction list, found ${updates}`
  return undefined
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as caseProblem
function instructionProblem(instruction: any, android: boolean): string | undefined {
  if (typeof instruction === 'string' && instruction !== '') return undefined
  const wanted = android ? 'instruction must be a non-empty string' : 'instruction must be a non-empty string or a list of them and STOP_WORKER or UPDATE steps'
  if (android || !Array.isArray(instruction) || instruction.length === 0) return wanted
  const bad = instruction.findIndex((step) => !(typeof step === 'string' && step !== '') && step?.stopWorker !== true && step?.update !== true)
  if (bad >= 0) return `instruction step ${bad + 1} is neither a non-empty string nor STOP_WORKER or UPDATE`
  if (typeof instruction.at(-1) !== 'string') return 'instruction must end with an instruction (the one verify checks), not STOP_WORKER or UPDATE'
  return undefined
}

/** sha256 over the case ids, the case files and every file of the extensions and pages they use. */
export async function hashCaseSet(cases: readonly LoadedBenchCase[], benchDir: string): Promise<string> {
  const hash = createHash('sha256')
  for (const id of cases.map((c) => c.benchCase.id).sort()) hash.update(`case ${id}\n`)
  const files = new Set(cases.map((c) => c.file))
  for (const { benchCase: c } of cases) {
    if (c.target === 'android') continue
    for (const folder of [c.extension, ...(c.previousVersion ? [c.previousVersion] : [])]) for (const f of await filesUnder(join(benchDir, 'extensions', folder))) files.add(f)
  }
  for (const f of await filesUnder(join(benchDir, 'pages'))) files.add(f)
  for (const file of [...files].sort()) hash.update(`file ${relative(benchDir, file)}\n`).update(await readFile(file))
  return hash.digest('hex')
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) return []
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}
