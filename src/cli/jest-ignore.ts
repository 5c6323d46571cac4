// Keeps the user's own Jest run from picking up the *.cua.test.* file init writes: its config gets
// the file pattern in `testPathIgnorePatterns` (magicast for a JS/TS config, a JSON edit for
// package.json#jest or jest.config.json), unless its testMatch/testRegex already leaves the file out.
import { parseExpression, parseModule } from 'magicast'
import type { ArrayExpression, Expression, Node, ObjectExpression, ObjectProperty, Program } from '@babel/types'
import { configObject, exported, property } from './config-object.ts'

/** The pattern init adds: a regular expression, as Jest reads testPathIgnorePatterns. */
export const CUA_IGNORE = '\\.cua\\.test\\.'

/** What a user's Jest config holds about which files it runs, as far as init can read it. */
interface Selection {
  testMatch?: unknown
  testRegex?: unknown
  testPathIgnorePatterns?: unknown
}

export type IgnoreEdit = { kind: 'edited'; text: string } | { kind: 'excluded'; why: string } | { kind: 'unsupported'; reason: string }

const strings = (value: unknown): string[] | undefined =>
  typeof value === 'string' ? [value] : Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined

/** Why the config already leaves `testPath` out, or undefined when it may run it; `jestMajor` is the repo's Jest, when known. */
export function alreadyExcluded(config: Selection, testPath: string, jestMajor?: number): string | undefined {
  const path = `/${testPath}`
  const ignored = strings(config.testPathIgnorePatterns)?.find((p) => new RegExp(p).test(path))
  if (ignored) return `its testPathIgnorePatterns has '${ignored}'`
  const regex = strings(config.testRegex)
  if (regex) return regex.some((r) => new RegExp(r).test(path)) ? undefined : 'its testRegex does not match it'
  // Jest 29's default testMatch ends in `.[jt]s?(x)`: a .cjs or .mjs test is not one of them. Jest
  // 30's matches them (`.?([mc])[jt]s?(x)`), and so does one whose version is not known.
  if (config.testMatch === undefined && jestMajor !== undefined && jestMajor < 30 && /\.[cm]js$/.test(testPath)) return `Jest ${jestMajor}'s default testMatch does not match .cjs or .mjs`
  return undefined
}

/** package.json's `jest` or jest.config.json's object, with the pattern added to its testPathIgnorePatterns. */
export function ignoreInJson(config: Record<string, unknown>, testPath: string, jestMajor?: number): { config: Record<string, unknown> } | { excluded: string } | { unsupported: string } {
  const why = alreadyExcluded(config, testPath, jestMajor)
  if (why) return { excluded: why }
  const patterns = config.testPathIgnorePatterns
  if (patterns !== undefined && !strings(patterns)) return { unsupported: 'its testPathIgnorePatterns is not a list of strings' }
  // Setting the key replaces Jest's default ['/node_modules/'], so that one is kept.
  return { config: { ...config, testPathIgnorePatterns: [...(strings(patterns) ?? ['/node_modules/']), CUA_IGNORE] } }
}

/** A literal value of the config's AST, or undefined where it is computed. */
function literal(node: Node | undefined): unknown {
  if (!node) return undefined
  if (node.type === 'StringLiteral') return node.value
  if (node.type === 'ArrayExpression') return node.elements.map((e) => (e?.type === 'StringLiteral' ? e.value : null))
  return null
}

/** The same edit on a jest.config.{js,cjs,mjs,ts}, as code: the rest of the file stays as written. */
export function ignoreInCode(code: string, testPath: string, jestMajor?: number): IgnoreEdit {
  let mod: ReturnType<typeof parseModule>
  try {
    mod = parseModule(code)
  } catch (error) {
    return { kind: 'unsupported', reason: `it does not parse (${(error as Error).message.split('\n')[0]})` }
  }
  const program = mod.$ast as unknown as Program
  const found = exported(program)
  if (!found) return { kind: 'unsupported', reason: 'it has no `export default` or `module.exports =`' }
  const object = configObject(program, found.expr)
  if (typeof object === 'string') return { kind: 'unsupported', reason: object }
  const value = (key: string) => literal(property(object, key)?.value as Node | undefined)
  const why = alreadyExcluded({ testMatch: value('testMatch'), testRegex: value('testRegex'), testPathIgnorePatterns: value('testPathIgnorePatterns') }, testPath, jestMajor)
  if (why) return { kind: 'excluded', why }
  if (object.properties.some((p) => p.type === 'SpreadElement') && !property(object, 'testPathIgnorePatterns')) {
    return { kind: 'unsupported', reason: 'its config spreads another object, whose testPathIgnorePatterns a new key would replace' }
  }
  // A bare node: recast prints it in the file's quotes, with the backslashes escaped.
  const added = { type: 'StringLiteral', value: CUA_IGNORE } as Expression
  const list = property(object, 'testPathIgnorePatterns')
  if (list && list.value.type !== 'ArrayExpression') return { kind: 'unsupported', reason: 'its testPathIgnorePatterns is not an array written in the file' }
  if (list) (list.value as ArrayExpression).elements.push(added)
  else {
    // Parsed from text, so recast prints the new key on one line as written here.
    const fresh = parseExpression<object>(`{ testPathIgnorePatterns: ['/node_modules/', '${CUA_IGNORE.replace(/\\/g, '\\\\')}'] }`).$ast as unknown as ObjectExpression
    object.properties.push(fresh.properties[0] as ObjectProperty)
  }
  const text = mod.generate().code
  return { kind: 'edited', text: text.endsWith('\n') || !code.endsWith('\n') ? text : `${text}\n` }
}
