// A `uiautomator dump` as typed nodes. Every attribute is read by name, never by position (the
// set changes across Android versions: no resource-id before 4.3, drawing-order and hint from
// Android 10, NAF only on nodes it flags), and unknown ones are kept in `attributes`. Element
// names are not trusted either: platform dumps say <node>, some tools write the class name.
import { TargetError } from '../../core/errors.ts'
import type { Box } from '../../core/geometry.ts'
import type { Point } from '../../core/action.ts'
import { readElements, type XmlElement } from './xml-elements.ts'

export interface UiNode {
  index: number
  text: string
  resourceId: string
  className: string
  packageName: string
  contentDesc: string
  checkable: boolean
  checked: boolean
  clickable: boolean
  enabled: boolean
  focusable: boolean
  focused: boolean
  scrollable: boolean
  longClickable: boolean
  password: boolean
  selected: boolean
  /** "Not accessibility friendly": clickable, yet neither it nor a child has text or a description. */
  naf: boolean
  /** Screen pixels, from `bounds="[left,top][right,bottom]"`. */
  bounds: Box
  center: Point
  /** Android 10+ only. */
  hint?: string
  drawingOrder?: number
  /** Every attribute as written, including ones not named above. */
  attributes: Record<string, string>
  children: UiNode[]
  depth: number
}

export interface UiHierarchy {
  rotation: number
  roots: UiNode[]
  /** Every node, parents before children (document order). */
  nodes: UiNode[]
}

/** The message of a dump that is not a hierarchy (e.g. "ERROR: could not get idle state."). */
export class DumpParseError extends TargetError {}

export function parseHierarchy(xml: string): UiHierarchy {
  const start = xml.indexOf('<hierarchy')
  if (start < 0) {
    const said = xml.trim().split('\n')[0]?.slice(0, 200) || '(nothing)'
    throw new DumpParseError(`the uiautomator dump holds no <hierarchy>: ${said}`)
  }
  const root = readElements(xml.slice(start)).find((e) => e.name === 'hierarchy')!
  const nodes: UiNode[] = []
  const roots = root.children.map((e) => toNode(e, 0, nodes))
  return { rotation: Number(root.attributes.rotation ?? 0) || 0, roots, nodes }
}

function toNode(element: XmlElement, depth: number, all: UiNode[]): UiNode {
  const a = element.attributes
  const flag = (name: string) => a[name] === 'true'
  const bounds = parseBounds(a.bounds)
  const node: UiNode = {
    index: Number(a.index ?? 0) || 0,
    text: a.text ?? '',
    resourceId: a['resource-id'] ?? '',
    className: a.class ?? (element.name === 'node' ? '' : element.name),
    packageName: a.package ?? '',
    contentDesc: a['content-desc'] ?? '',
    checkable: flag('checkable'),
    checked: flag('checked'),
    clickable: flag('clickable'),
    enabled: a.enabled === undefined ? true : flag('enabled'),
    focusable: flag('focusable'),
    focused: flag('focused'),
    scrollable: flag('scrollable'),
    longClickable: flag('long-clickable'),
    password: flag('password'),
    selected: flag('selected'),
    naf: flag('NAF'),
    bounds,
    center: { x: Math.round(bounds.x + bounds.width / 2), y: Math.round(bounds.y + bounds.height / 2) },
    ...(a.hint !== undefined && { hint: a.hint }),
    ...(a['drawing-order'] !== undefined && { drawingOrder: Number(a['drawing-order']) }),
    attributes: a,
    children: [],
    depth,
  }
  all.push(node)
  node.children = element.children.map((child) => toNode(child, depth + 1, all))
  return node
}

/** "[l,t][r,b]" → a box; an inverted or missing one (off-screen views) is empty, never negative. */
export function parseBounds(text: string | undefined): Box {
  const m = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(text?.trim() ?? '')
  if (!m) return { x: 0, y: 0, width: 0, height: 0 }
  const [left, top, right, bottom] = m.slice(1).map(Number) as [number, number, number, number]
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) }
}
