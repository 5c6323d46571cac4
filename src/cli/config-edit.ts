// Adds `agentprobe({ extension })` to the `plugins` of a user's Vite/Vitest config as code (magicast
// keeps the rest of the file as written), or says why it cannot: init then writes a separate config.
import { parseExpression, parseModule } from 'magicast'
import type { Expression, ObjectExpression, ObjectProperty, Program } from '@babel/types'
import { configObject, exported, keyOf, parse, property } from './config-object.ts'

export type ConfigEdit =
  | { kind: 'edited'; code: string }
  /** It already calls agentprobe(): nothing to do. */
  | { kind: 'present' }
  | { kind: 'unsupported'; reason: string }

export interface EditOptions {
  /** The extension folder as the config names it: './dist'. */
  extension: string
  /** The browsers to run every file in (the plugin's `browsers`), when the extension ships for more than Chromium. */
  browsers?: readonly string[]
  /** The browser languages to run every file in (the plugin's `locales`). */
  locales?: readonly string[]
  /** Lines put above the plugin call, e.g. how the extension is built. */
  comments?: readonly string[]
}

const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** The plugin call as init writes it, in a config it edits or one it creates. */
export function pluginCall({ extension, browsers, locales }: Pick<EditOptions, 'extension' | 'browsers' | 'locales'>): string {
  const list = (key: string, values: readonly string[] | undefined) => (values?.length ? `, ${key}: [${values.map(literal).join(', ')}]` : '')
  return `agentprobe({ extension: ${literal(extension)}${list('browsers', browsers)}${list('locales', locales)} })`
}

const IMPORTED = /\bfrom\s*['"]agentprobe\/plugin['"]|\brequire\(\s*['"]agentprobe\/plugin['"]\s*\)/

/**
 * Where a new first key can go as a line of text: above the first key (or the comment over it) when
 * that starts a line of its own. (Recast would reprint the object; its offsets also count a tab as
 * four, so only line numbers are used.)
 */
function ownLine(code: string, object: ObjectExpression): { before: string[]; indent: string; after: string[] } | undefined {
  const head = object.properties[0]
  if (head?.type !== 'ObjectProperty' || !head.loc) return undefined
  const key = keyOf(head)
  const line = Math.min(head.loc.start.line, ...(head.leadingComments ?? []).map((c) => c.loc?.start.line ?? Infinity))
  const lines = code.split('\n')
  const text = lines[line - 1] ?? ''
  const indent = /^[ \t]*/.exec(text)![0]
  const rest = text.slice(indent.length)
  const starts = rest.startsWith('//') || rest.startsWith('/*') || (key !== undefined && [key, `'${key}'`, `"${key}"`].some((k) => rest.startsWith(k)))
  return starts ? { before: lines.slice(0, line - 1), indent, after: lines.slice(line - 1) } : undefined
}

/** The import (or require) line, in the file's own quotes and semicolons, after its last import. */
function withImport(code: string, program: Program, cjs: boolean): string {
  const lines = code.split('\n')
  const imports = program.body.filter((n) =>
    cjs ? n.type === 'VariableDeclaration' && n.declarations.some((d) => d.init?.type === 'CallExpression' && d.init.callee.type === 'Identifier' && d.init.callee.name === 'require') : n.type === 'ImportDeclaration',
  )
  const last = imports.at(-1)
  const lastLine = last?.loc ? lines[last.loc.end.line - 1] ?? '' : ''
  const quote = /"/.test(lastLine) && !/'/.test(lastLine) ? '"' : "'"
  const semi = lastLine.trimEnd().endsWith(';') ? ';' : ''
  const text = cjs ? `const { agentprobe } = require(${quote}agentprobe/plugin${quote})${semi}` : `import { agentprobe } from ${quote}agentprobe/plugin${quote}${semi}`
  const at = last?.loc ? last.loc.end.line : lines[0]?.startsWith('#!') ? 1 : 0
  lines.splice(at, 0, text)
  return lines.join('\n')
}

export function addAgentprobePlugin(code: string, options: EditOptions): ConfigEdit {
  if (/\bagentprobe\s*\(/.test(code)) return { kind: 'present' }
  const first = parse(code)
  if (typeof first === 'string') return { kind: 'unsupported', reason: first }
  const found = exported(first)
  if (!found) return { kind: 'unsupported', reason: 'it has no `export default` or `module.exports =`' }
  const checked = configObject(first, found.expr)
  if (typeof checked === 'string') return { kind: 'unsupported', reason: checked }

  const line = pluginCall(options)
  const comments = (options.comments ?? []).map((text) => `// ${text}`)
  const plugins = property(checked, 'plugins')
  if (plugins && plugins.value.type !== 'ArrayExpression') return { kind: 'unsupported', reason: 'its `plugins` is not an array written in the file' }
  if (!plugins && checked.properties.some((p) => p.type === 'SpreadElement')) return { kind: 'unsupported', reason: 'its config spreads another object, whose plugins a new `plugins` key would replace' }
  // A new key above the first one, as text, where the object has one per line: recast would reflow the object.
  const at = plugins ? undefined : ownLine(code, checked)
  let text = code
  if (at) text = [...at.before, ...comments.map((c) => `${at.indent}${c}`), `${at.indent}plugins: [${line}],`, ...at.after].join('\n')
  if (!IMPORTED.test(code)) text = withImport(text, parse(text) as Program, found.cjs)
  if (!at) {
    const mod = parseModule(text)
    const program = mod.$ast as unknown as Program
    const object = configObject(program, exported(program)!.expr) as ObjectExpression
    const call = parseExpression<object>(line).$ast as unknown as Expression
    if (comments.length > 0) Object.assign(call, { comments: comments.map((c) => ({ type: 'CommentLine', value: c.slice(2), leading: true, trailing: false })) })
    const list = property(object, 'plugins')
    if (list) (list.value as { elements: Expression[] }).elements.push(call)
    else {
      const added = (parseExpression<object>('{ plugins: [] }').$ast as unknown as ObjectExpression).properties[0] as ObjectProperty
      ;(added.value as { elements: Expression[] }).elements.push(call)
      object.properties.unshift(added)
    }
    text = mod.generate().code
  }
  const edited = text
  const check = parse(edited)
  if (typeof check === 'string') return { kind: 'unsupported', reason: `the edited file would not parse (${check})` }
  return { kind: 'edited', code: edited.endsWith('\n') || !code.endsWith('\n') ? edited : `${edited}\n` }
}
