// A test's decision graph as inline SVG: nodes in time order, snaking across rows, each failure
// type written under the node it happened on. Each node is a button the page's script opens.
import { escapeXml } from './escape.ts'
import type { GraphNode } from './graph-nodes.ts'

const DX = 110
const DY = 84
const PER_ROW = 8
const PAD = 30

export function graphSvg(nodes: readonly GraphNode[]): string {
  const rows = Math.max(1, Math.ceil(nodes.length / PER_ROW))
  const cols = Math.min(PER_ROW, Math.max(1, nodes.length))
  const width = PAD * 2 + (cols - 1) * DX + 60
  // Room under the last row for failure labels only when some node has them.
  const height = PAD + (rows - 1) * DY + (nodes.some((n) => n.failures.length) ? 64 : 26)
  const at = nodes.map((_, i) => position(i))
  const edges = at.slice(1).map((p, i) => `<line class="edge" x1="${at[i]!.x}" y1="${at[i]!.y}" x2="${p.x}" y2="${p.y}"/>`)
  const body = nodes.map((n, i) => node(n, at[i]!))
  return `<svg class="graph" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="list">${edges.join('')}${body.join('')}</svg>`
}

/** Left to right on even rows, right to left on odd ones, so every edge is short. */
function position(i: number): { x: number; y: number } {
  const row = Math.floor(i / PER_ROW)
  const col = row % 2 === 0 ? i % PER_ROW : PER_ROW - 1 - (i % PER_ROW)
  return { x: PAD + 30 + col * DX, y: PAD + row * DY }
}

function node(n: GraphNode, { x, y }: { x: number; y: number }): string {
  const shape =
    n.kind === 'verify' || n.kind === 'read'
      ? `<polygon class="shape" points="${x},${y - 19} ${x + 19},${y} ${x},${y + 19} ${x - 19},${y}"/>`
      : `<circle class="shape" cx="${x}" cy="${y}" r="${n.kind === 'phase' ? 10 : n.kind === 'end' ? 19 : 16}"/>`
  const types = [...new Set(n.failures.map((f) => f.type))]
  const labels = types.slice(0, 2).map((t, i) => `<text class="ftype" x="${x}" y="${y + 34 + i * 12}">${escapeXml(t)}</text>`)
  if (types.length > 2) labels.push(`<text class="ftype" x="${x}" y="${y + 58}">+${types.length - 2} more</text>`)
  return (
    `<g class="node tone-${n.tone} kind-${n.kind}" data-node="${n.id}" tabindex="0" role="listitem">` +
    `<title>${escapeXml(n.title)}</title>${shape}` +
    `<text class="label" x="${x}" y="${y + 5}">${escapeXml(n.kind === 'phase' ? '' : n.label)}</text>${labels.join('')}</g>`
  )
}
