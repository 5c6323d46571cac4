// Reads a case file (YAML, JSON or TypeScript) and reports any problem as file:line: field message.
import { readFile } from 'node:fs/promises'
import { extname, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml'
import type { ZodError } from 'zod'
import { CASE_FIELDS, caseSchema, type TestCase } from '../core/case.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { ConfigError } from '../core/errors.ts'

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
  if (ext === '.ts' || ext === '.js' || ext === '.mjs') {
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown }
    return { file, testCase: validate(mod.default, shown, () => undefined) }
  }
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new CaseFileError(`${shown}: cannot read the case file (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false })
  const syntax = doc.errors[0]
  if (syntax) {
    const line = lineCounter.linePos(syntax.pos[0]).line
    throw new CaseFileError(`${shown}:${line}: ${ext === '.json' ? 'JSON' : 'YAML'} syntax error: ${syntax.message.split('\n')[0]}`)
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    const node = doc.getIn(path as unknown[], true) as Node | undefined
    const offset = node?.range?.[0] ?? keyOffset(doc.contents, path)
    return offset === undefined ? undefined : lineCounter.linePos(offset).line
  }
  return { file, testCase: validate(doc.toJS(), shown, lineOf) }
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
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const path = [...issue.path, key]
        const hint = issue.path.length === 0 ? didYouMean(key, CASE_FIELDS) : undefined
        return `${at(shown, lineOf(path))} unknown field ${dotted(path)}${hint ? ` (did you mean ${hint}?)` : ''}`
      })
    }
    const actual = valueAt(value, issue.path)
    const message =
      issue.code !== 'invalid_type' ? issue.message
      : actual === undefined ? 'is required'
      : issue.path.at(-1) === 'maxSteps' ? issue.message
      : `must be a ${issue.expected}, got ${Array.isArray(actual) ? 'a list' : typeof actual}`
    return [`${at(shown, lineOf(issue.path))} ${dotted(issue.path)} ${message}`]
  })
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
