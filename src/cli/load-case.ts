// Reads a case file (YAML, JSON or TypeScript) and reports any problem as file:line: field message.
import { readFile } from 'node:fs/promises'
import { extname, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { LineCounter, parseDocument, isMap, isSeq, visit, type Document, type Node } from 'yaml'
import type { ZodError } from 'zod'
import { CASE_FIELDS, caseSchema, type TestCase } from '../core/case.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { ConfigError, errorMessage } from '../core/errors.ts'

/** Every problem of one case file, each as `file:line: field message`. */
export class CaseFileError extends ConfigError {
  readonly problems: string[]
  constructor(message: string, problems: string[] = [message]) {
    super(message)
    this.problems = problems
  }
}

export interface LoadedCase {
  file: string
  testCase: TestCase
}

export async function loadCase(path: string, cwd = process.cwd()): Promise<LoadedCase> {
  const file = resolve(cwd, path)
  const shown = relative(cwd, file) || file
  const ext = extname(file).toLowerCase()
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new CaseFileError(`${shown}: cannot read the case file (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
  if (MODULE_EXTENSIONS.includes(ext)) return { file, testCase: validate(await importCase(file, shown), shown, (path) => keyLine(text, path)) }
  if (ext === '.json') assertJson(text, shown)
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false })
  const syntax = doc.errors[0]
  if (syntax) {
    const line = lineCounter.linePos(syntax.code === 'MISSING_CHAR' ? openedAt(doc, syntax.pos[0]) : syntax.pos[0]).line
    throw new CaseFileError(`${shown}:${line}: ${ext === '.json' ? 'JSON' : 'YAML'} syntax error: ${syntax.message.split('\n')[0]}`)
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    const node = doc.getIn(path as unknown[], true) as Node | undefined
    const offset = node?.range?.[0] ?? keyOffset(doc.contents, path)
    return offset === undefined ? undefined : lineCounter.linePos(offset).line
  }
  return { file, testCase: validate(doc.toJS(), shown, lineOf) }
}

/** An unclosed quote is found at the end of the file: the line to fix is where the scalar opened. */
function openedAt(doc: Document, offset: number): number {
  let start = offset
  visit(doc, {
    Scalar(_key, node) {
      const [from, to] = node.range ?? [offset, offset]
      if (from < offset && to >= offset) start = Math.min(start, from)
    },
  })
  return start
}

/** YAML reads JSON too, but also forgives what JSON does not (a trailing comma): a .json file must be JSON. */
function assertJson(text: string, shown: string): void {
  try {
    JSON.parse(text)
  } catch (error) {
    const message = errorMessage(error)
    const line = /\(line (\d+) column \d+\)/.exec(message)?.[1]
    throw new CaseFileError(`${at(shown, line === undefined ? undefined : Number(line))} JSON syntax error: ${message.replace(/ in JSON at position \d+ \(line \d+ column \d+\)$/, '')}`)
  }
}

/** Case files that are modules (Node 24 strips TypeScript types itself): the case is the default export. */
const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs']

async function importCase(file: string, shown: string): Promise<unknown> {
  let mod: { default?: unknown }
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown }
  } catch (error) {
    // Node puts the failing line first in a syntax error's stack: "<file>:<line>".
    const line = (error as Error).stack?.startsWith(`${file}:`) ? /^[^\n]*:(\d+)\n/.exec((error as Error).stack!)?.[1] : undefined
    throw new CaseFileError(`${at(shown, line === undefined ? undefined : Number(line))} cannot load the case file: ${errorMessage(error).split('\n')[0]}`)
  }
  if (mod.default === undefined) throw new CaseFileError(`${shown}: no default export; write \`export default defineCase({ name, instruction, … })\` (defineCase from 'agentprobe')`)
  return mod.default
}

/** In a module the best line for a field is where its key is first written. */
function keyLine(text: string, path: readonly PropertyKey[]): number | undefined {
  const key = [...path].reverse().find((k): k is string => typeof k === 'string')
  if (key === undefined) return undefined
  const match = new RegExp(`(^|[\\s{,'"])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`).exec(text)
  return match ? text.slice(0, match.index + match[1]!.length).split('\n').length : undefined
}

function validate(value: unknown, shown: string, lineOf: (path: readonly PropertyKey[]) => number | undefined): TestCase {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CaseFileError(`${shown}: a case must be a mapping with at least name and instruction`)
  }
  const parsed = caseSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const problems = describeIssues(parsed.error, value, shown, lineOf)
  throw new CaseFileError(problems.join('\n'), problems)
}

function describeIssues(error: ZodError, value: unknown, shown: string, lineOf: (path: readonly PropertyKey[]) => number | undefined): string[] {
  const problems = error.issues.flatMap((issue): { line?: number; path: readonly PropertyKey[]; text: string }[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const path = [...issue.path, key]
        const hint = didYouMean(key, issue.path.length === 0 ? CASE_FIELDS : issue.path[0] === 'verification' ? ['prompt'] : [])
        return { path, text: `unknown field ${dotted(path)}${hint ? ` (did you mean ${dotted([...issue.path, hint])}?)` : ''}` }
      })
    }
    const actual = valueAt(value, issue.path)
    const message =
      issue.code !== 'invalid_type' ? issue.message
      : actual === undefined ? 'is required'
      : issue.path.at(-1) === 'maxSteps' ? issue.message
      : `must be ${issue.expected === 'object' ? 'a mapping' : `a ${issue.expected}`}, got ${Array.isArray(actual) ? 'a list' : typeof actual}`
    return [{ path: issue.path, text: `${dotted(issue.path)} ${message}` }]
  })
  // In file order; problems without a line (a missing field) last.
  return problems
    .map((p) => ({ ...p, line: lineOf(p.path) }))
    .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity))
    .map((p) => `${at(shown, p.line)} ${p.text}`)
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), value)
}

function at(shown: string, line: number | undefined): string {
  return line === undefined ? `${shown}:` : `${shown}:${line}:`
}

function dotted(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '(case)'
}

/** The offset of the deepest mapping key on the path (unknown keys may have empty values). */
function keyOffset(root: unknown, path: readonly PropertyKey[]): number | undefined {
  let node: unknown = root
  let offset: number | undefined
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key)
      if (!pair) return offset
      offset = (pair.key as Node).range?.[0]
      node = pair.value
    } else if (isSeq(node) && typeof key === 'number') {
      node = node.items[key]
      offset = (node as Node | undefined)?.range?.[0] ?? offset
    } else {
      return offset
    }
  }
  return offset
}
