// Finds the object literal a Vite/Vitest config exports — through defineConfig, mergeConfig, a
// config function or a constant — or says in words why it cannot, for config-edit.ts.
import { parseModule } from 'magicast'
import type { Node, ObjectExpression, ObjectProperty, Program, Statement } from '@babel/types'

/** Calls that take the config object as an argument; any other call is a function we cannot see into. */
const WRAPPERS = new Set(['defineConfig', 'defineProject'])

/** The config's parse tree, or why there is none. */
export function parse(code: string): Program | string {
  try {
    return (parseModule(code).$ast as unknown as Program)
  } catch (error) {
    return `it does not parse (${(error as Error).message.split('\n')[0]})`
  }
}

const isModuleExports = (node: Node): boolean =>
  node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'module' && node.property.type === 'Identifier' && node.property.name === 'exports'

/** `export default X` or `module.exports = X`, and which of the two. */
export function exported(program: Program): { expr: Node; cjs: boolean } | undefined {
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') return { expr: node.declaration, cjs: false }
    if (node.type === 'ExpressionStatement' && node.expression.type === 'AssignmentExpression' && isModuleExports(node.expression.left)) return { expr: node.expression.right, cjs: true }
  }
  return undefined
}

/** The top-level `const NAME = init`. */
function declared(program: Program, name: string): Node | undefined {
  for (const node of program.body) {
    const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node
    if (decl?.type !== 'VariableDeclaration') continue
    for (const d of decl.declarations) if (d.id.type === 'Identifier' && d.id.name === name && d.init) return d.init
  }
  return undefined
}

/** The object literal the exported config is made of, following wrappers, functions and constants. */
export function configObject(program: Program, node: Node, depth = 0): ObjectExpression | string {
  if (depth > 8) return 'its config is too indirect to follow'
  const next = (n: Node) => configObject(program, n, depth + 1)
  switch (node.type) {
    case 'ObjectExpression':
      return node
    case 'TSSatisfiesExpression':
    case 'TSAsExpression':
    case 'ParenthesizedExpression':
      return next(node.expression)
    case 'Identifier': {
      const init = declared(program, node.name)
      return init ? next(init) : `its default export \`${node.name}\` is not declared in the file`
    }
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'FunctionDeclaration': {
      if (node.body.type !== 'BlockStatement') return next(node.body)
      const returns = node.body.body.filter((s: Statement) => s.type === 'ReturnStatement')
      return returns.length === 1 && returns[0]!.argument ? next(returns[0]!.argument) : 'its config function does not end in one `return { ... }`'
    }
    case 'CallExpression': {
      const callee = node.callee.type === 'Identifier' ? node.callee.name : undefined
      if (callee && WRAPPERS.has(callee) && node.arguments[0]) return next(node.arguments[0])
      if (callee === 'mergeConfig') {
        // mergeConfig concatenates plugins: any part that is a literal object will do, the last one first.
        for (const arg of [...node.arguments].reverse()) {
          const found = next(arg)
          if (typeof found !== 'string') return found
        }
        return 'none of the parts its mergeConfig(...) merges is an object in the file'
      }
      return `its config comes from a call to ${callee ?? 'an expression'}(...) that init cannot see into`
    }
    case 'AwaitExpression':
      return 'its config is awaited'
    default:
      return `its default export is a ${node.type} that init cannot read`
  }
}

export const keyOf = (p: ObjectProperty) => (p.key.type === 'Identifier' ? p.key.name : p.key.type === 'StringLiteral' ? p.key.value : undefined)
export const property = (object: ObjectExpression, key: string) =>
  object.properties.find((p): p is ObjectProperty => p.type === 'ObjectProperty' && !p.computed && keyOf(p) === key)

/** Whether the config (as far as init can read it) has a `test` key: a vite.config.* that is also Vitest's. */
export function hasTestKey(code: string): boolean {
  const program = parse(code)
  const found = typeof program === 'string' ? undefined : exported(program)
  const object = found && typeof program !== 'string' ? configObject(program, found.expr) : undefined
  return typeof object === 'object' ? property(object, 'test') !== undefined : /\btest\s*:/.test(code)
}

