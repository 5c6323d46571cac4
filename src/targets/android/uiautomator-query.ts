// Finding nodes in a dump the way UiSelector does: every given field must match. A resource id
// without a package ('home') matches any package's ':id/home'; a class name without dots
// ('Button') matches its simple name. Failed searches list the closest nodes, so a message shows
// what the screen had instead.
import type { UiHierarchy, UiNode } from './uiautomator-parse.ts'

export interface ElementQuery {
  resourceId?: string | RegExp
  /** The whole text (a string compares exactly, a RegExp tests). */
  text?: string | RegExp
  textContains?: string
  /** The content description. */
  desc?: string | RegExp
  descContains?: string
  className?: string | RegExp
  packageName?: string
  clickable?: boolean
  enabled?: boolean
  checkable?: boolean
  checked?: boolean
  focusable?: boolean
  focused?: boolean
  scrollable?: boolean
  selected?: boolean
  password?: boolean
  naf?: boolean
}

type Test = (node: UiNode) => boolean
const FLAGS = ['clickable', 'enabled', 'checkable', 'checked', 'focusable', 'focused', 'scrollable', 'selected', 'password', 'naf'] as const

/** The nodes that match every field of the query, in document order. */
export function findNodes(hierarchy: UiHierarchy, query: ElementQuery): UiNode[] {
  const tests = testsOf(query)
  if (tests.length === 0) throw new RangeError('an element query needs at least one field (resourceId, text, desc, className, …)')
  return hierarchy.nodes.filter((node) => tests.every((t) => t(node)))
}

/** Nodes ranked by how many of the query's fields they match (then by text likeness): for messages. */
export function closestNodes(hierarchy: UiHierarchy, query: ElementQuery, count = 5): UiNode[] {
  const tests = testsOf(query)
  const wanted = String(query.text ?? query.textContains ?? query.desc ?? query.descContains ?? query.resourceId ?? '').toLowerCase()
  const scored = hierarchy.nodes
    .filter((n) => n.text || n.contentDesc || n.resourceId || n.clickable)
    .map((node) => ({ node, score: tests.filter((t) => t(node)).length + likeness(wanted, `${node.text} ${node.contentDesc} ${node.resourceId}`.toLowerCase()) }))
  return scored.sort((a, b) => b.score - a.score).slice(0, count).map((s) => s.node)
}

function testsOf(q: ElementQuery): Test[] {
  const tests: Test[] = []
  if (q.resourceId !== undefined) tests.push((n) => matchId(n.resourceId, q.resourceId!))
  if (q.text !== undefined) tests.push((n) => matchValue(n.text, q.text!))
  if (q.textContains !== undefined) tests.push((n) => n.text.includes(q.textContains!))
  if (q.desc !== undefined) tests.push((n) => matchValue(n.contentDesc, q.desc!))
  if (q.descContains !== undefined) tests.push((n) => n.contentDesc.includes(q.descContains!))
  if (q.className !== undefined) tests.push((n) => matchClass(n.className, q.className!))
  if (q.packageName !== undefined) tests.push((n) => n.packageName === q.packageName)
  for (const flag of FLAGS) if (q[flag] !== undefined) tests.push((n) => n[flag] === q[flag])
  return tests
}

function matchValue(value: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? value === expected : expected.test(value)
}

function matchId(id: string, expected: string | RegExp): boolean {
  if (typeof expected !== 'string') return expected.test(id)
  return expected.includes(':') ? id === expected : id.endsWith(`:id/${expected}`) || id === expected
}

function matchClass(className: string, expected: string | RegExp): boolean {
  if (typeof expected !== 'string') return expected.test(className)
  return expected.includes('.') ? className === expected : className.split('.').at(-1) === expected
}

/** 0..1: the share of `wanted`'s characters found in order in `text` (a cheap subsequence score). */
function likeness(wanted: string, text: string): number {
  if (!wanted) return 0
  let i = 0
  for (const ch of text) if (ch === wanted[i]) i++
  return i / wanted.length
}

/** `{ resourceId: 'home', clickable: true }` → `resourceId='home', clickable=true`. */
export function describeQuery(query: ElementQuery): string {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? `'${v}'` : String(v)}`)
    .join(', ')
}

/** One line per node: class, text, description, id, bounds and the flags that are set. */
export function describeNode(node: UiNode): string {
  const { x, y, width, height } = node.bounds
  const parts = [
    node.className.split('.').at(-1) || '(node)',
    node.text && `"${node.text}"`,
    node.contentDesc && `desc="${node.contentDesc}"`,
    node.resourceId && `id=${node.resourceId}`,
    `[${x},${y}][${x + width},${y + height}]`,
    ...FLAGS.filter((f) => f !== 'enabled' && node[f]),
    !node.enabled && 'disabled',
  ]
  return parts.filter(Boolean).join(' ')
}
