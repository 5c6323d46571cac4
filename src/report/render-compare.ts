// Two runs side by side, as a self-contained page (frames beside it in data/) and as a plain-text
// table for a terminal: the totals, then every step with its frame, actions, verdict, failure types
// and cost; where the runs differ the row is highlighted and says what differs.
import type { HistoryRun, HistoryStep } from '../core/history.ts'
import type { CompareRow, RunComparison, RunTotals, StepDifference } from '../core/run-compare.ts'
import { escapeXml as h } from './escape.ts'
import { fmt } from './format.ts'
import { PAGE_CSS } from './page-assets.ts'

export type Side = 'a' | 'b'

const TOTALS: [keyof RunTotals, string, (t: RunTotals) => string][] = [
  ['outcome', 'outcome', (t) => t.outcome],
  ['steps', 'agent steps', (t) => String(t.steps)],
  ['costUsd', 'cost', (t) => fmt.usd(t.costUsd)],
  ['modelMs', 'model time', (t) => fmt.ms(t.modelMs)],
  ['harnessMs', 'harness time', (t) => fmt.ms(t.harnessMs)],
  ['failureTypes', 'failure types', (t) => t.failureTypes.join(', ') || '—'],
]

const COMPARE_CSS = `
table.compare { width: 100%; table-layout: fixed; }
table.compare th, table.compare td { text-align: left; vertical-align: top; }
table.compare th.at { width: 110px; font-weight: normal; color: var(--muted); }
table.compare tr.call th { background: var(--bg); color: var(--fg); font-weight: 600; }
tr.differs td, tr.differs th.at, table.totals tr.differs td { background: #fff7ed; }
tr.differs th.at { border-left: 4px solid var(--warn); }
.what, .diff { color: var(--warn); font-weight: 600; }
td.absent { color: var(--muted); font-style: italic; }
table.compare img.frame { max-height: 360px; margin-bottom: 6px; }
`

/**
 * The page; `frame(side, hash)` is a frame's address beside it, or undefined when the frame was
 * not kept (the run's artifacts folder has been overwritten by a later run since).
 */
export function renderCompareHtml(c: RunComparison, frame: (side: Side, hash: string) => string | undefined): string {
  const title = `Compare ${c.a.id.slice(0, 8)} and ${c.b.id.slice(0, 8)}: ${c.a.test}`
  const totals = TOTALS.map(([key, name, show]) => `<tr${c.totalsDiffer.includes(key) ? ' class="differs"' : ''}><td>${h(name)}</td><td>${h(show(c.totals.a))}</td><td>${h(show(c.totals.b))}</td></tr>`)
  const rows = c.rows.flatMap((r, i) => [...(i === 0 || c.rows[i - 1]!.call !== r.call ? [callRow(r)] : []), stepRow(r, frame)])
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title><style>${PAGE_CSS}${COMPARE_CSS}</style></head>
<body>
<header><h1>${h(title)}</h1><p class="meta">${c.rows.filter((r) => r.differs.length).length} of ${c.rows.length} steps differ</p></header>
<div class="view">
<section>
${c.sameTest ? '' : `<p class="warning">⚠ different tests: ${h(c.a.test)} and ${h(c.b.test)}</p>`}
<table class="totals"><thead><tr><th></th><th>A · ${runHead(c.a)}</th><th>B · ${runHead(c.b)}</th></tr></thead>
<tbody>${totals.join('')}</tbody></table>
</section>
<main>
<table class="compare"><thead><tr><th class="at">step</th><th>A · run ${h(c.a.id.slice(0, 8))}</th><th>B · run ${h(c.b.id.slice(0, 8))}</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
</main>
</div>
</body>
</html>
`
}

function runHead(r: HistoryRun): string {
  return `run ${h(r.id)}<br><span class="meta">${h(r.model)} · ${h(r.startedAt)}${r.commit ? ` · ${h(r.commit.slice(0, 10))}` : ''}</span>`
}

function callRow(r: CompareRow): string {
  const step = r.a ?? r.b!
  const asks = r.differs.includes('ask') ? `<span class="diff">${h(r.a!.ask ?? '')} / ${h(r.b!.ask ?? '')}</span>` : h(step.ask ?? '')
  return `<tr class="call"><th colspan="3">call ${r.call} · ${h(step.kind)}${asks ? `: ${asks}` : ''}</th></tr>`
}

function stepRow(r: CompareRow, frame: (side: Side, hash: string) => string | undefined): string {
  const at = `step ${r.order}${r.differs.length ? `<br><span class="what">${h(r.differs.join(', '))}</span>` : ''}`
  const cell = (side: Side) => {
    const s = r[side]
    if (!s) return '<td class="absent">no such step in this run</td>'
    const href = s.frameHash ? frame(side, s.frameHash) : undefined
    const picture = href
      ? `<a href="${h(href)}" target="_blank"><img class="frame" src="${h(href)}" alt="step ${s.index}" loading="lazy"></a>`
      : `<p class="noframe">${s.frameHash ? `frame not kept (hash ${h(s.frameHash.slice(0, 12))}…)` : 'no frame'}</p>`
    const facts = stepFacts(s).map(({ name, value }) => `<dt>${h(name)}</dt><dd${name !== 'cost' && r.differs.includes(name) ? ' class="diff"' : ''}>${h(value)}</dd>`)
    return `<td>${picture}<dl>${facts.join('')}</dl></td>`
  }
  return `<tr class="step${r.differs.length ? ' differs' : ''}" data-differs="${h(r.differs.join(' '))}"><th class="at">${at}</th>${cell('a')}${cell('b')}</tr>`
}

const FACT_NAMES = ['actions', 'status', 'verdict', 'failures', 'cost'] as const

/** A step as the page and the text table show it: what it did, then what it cost. */
function stepFacts(s: HistoryStep): { name: StepDifference | 'cost'; value: string }[] {
  return [
    ...(s.actions.length ? [{ name: 'actions' as const, value: s.actionText ?? s.actions.join(', ') }] : []),
    { name: 'status', value: s.status },
    ...(s.verdict !== undefined ? [{ name: 'verdict' as const, value: s.verdict }] : []),
    ...(s.failureTypes.length ? [{ name: 'failures' as const, value: s.failureTypes.join(', ') }] : []),
    { name: 'cost', value: `${fmt.usd(s.costUsd)} · model ${fmt.ms(s.modelMs)} · harness ${fmt.ms(s.harnessMs)}` },
  ]
}

/** The terminal's table: at most 120 columns, long cells wrapped, `≠` and what differs on a differing row. */
export function renderCompareText(c: RunComparison): string {
  // 14 + 3 + 50 + 3 + 50 = 120 columns
  const AT = 14
  const COL = 50
  const line = (at: string[], a: string[], b: string[]) => {
    const [wa, wb] = [wrap(a, COL), wrap(b, COL)]
    return Array.from({ length: Math.max(at.length, wa.length, wb.length) }, (_, i) => `${pad(at[i] ?? '', AT)} │ ${pad(wa[i] ?? '', COL)} │ ${wb[i] ?? ''}`.trimEnd())
  }
  const rule = `${'─'.repeat(AT + 1)}┼${'─'.repeat(COL + 2)}┼${'─'.repeat(COL + 1)}`
  const out = [
    clip(`Compare runs of ${c.a.test}${c.sameTest ? '' : ` and ${c.b.test}`}`, AT + COL * 2 + 6),
    ...line([''], [`A ${c.a.id}`, `${c.a.model} · ${c.a.startedAt}`], [`B ${c.b.id}`, `${c.b.model} · ${c.b.startedAt}`]),
    rule,
    ...TOTALS.flatMap(([key, name, show]) => line([`${c.totalsDiffer.includes(key) ? '≠' : ' '}${name}`], [show(c.totals.a)], [show(c.totals.b)])),
  ]
  for (const [i, r] of c.rows.entries()) {
    if (i === 0 || c.rows[i - 1]!.call !== r.call) out.push(rule, clip(`call ${r.call} · ${(r.a ?? r.b)!.kind}: ${(r.a ?? r.b)!.ask ?? ''}`, AT + COL * 2 + 6))
    // One line per fact, named on the left, so A's and B's same fact stand side by side.
    const [fa, fb] = [r.a && stepFacts(r.a), r.b && stepFacts(r.b)]
    out.push(...line([`${r.differs.length ? '≠' : ' '}step ${r.order}`], [fa ? '' : '(no such step)'], [fb ? '' : '(no such step)']))
    for (const name of FACT_NAMES.filter((n) => fa?.some((f) => f.name === n) || fb?.some((f) => f.name === n))) {
      const value = (facts: typeof fa) => (facts ? (facts.find((f) => f.name === name)?.value ?? '—') : '')
      out.push(...line([`  ${name !== 'cost' && r.differs.includes(name) ? '≠' : ' '} ${name}`], [value(fa)], [value(fb)]))
    }
  }
  return `${out.join('\n')}\n`
}

function wrap(lines: readonly string[], width: number): string[] {
  return lines.flatMap((l) => {
    const text = l.replace(/\s+/g, ' ')
    const parts: string[] = []
    for (let i = 0; i < text.length; i += width) parts.push(text.slice(i, i + width))
    return parts.length ? parts : ['']
  })
}

const pad = (s: string, n: number) => s.padEnd(n)
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
