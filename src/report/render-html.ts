// report/index.html from the report data: one self-contained page (inline style and script,
// images as content-addressed files beside it), so it opens offline from a CI artifact. With a run
// history the page has two views, this run (the default) and History, switched by the URL's hash.
import { rowName } from '../core/leaderboard.ts'
import { escapeXml as h, htmlTable } from './escape.ts'
import { failureCountsText, fmt } from './format.ts'
import { PAGE_CSS, PAGE_JS } from './page-assets.ts'
import type { ReportData } from './report-data.ts'
import { renderTest, statusMark } from './render-test.ts'
import { renderBenchHtml } from './render-bench.ts'
import { renderHistory } from './render-history.ts'

export function renderHtml(data: ReportData): string {
  const failed = data.tests.filter((t) => t.status === 'failed').length
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(data.title)}</title><style>${PAGE_CSS}</style></head>
<body>
<header><h1>${h(data.title)}</h1><p class="meta">${h(meta(data))}</p></header>
${data.history ? `<nav class="views"><a href="#tests" class="on">This run</a> <a href="#history">History · ${fmt.int(data.history.runs)} runs</a></nav>` : ''}
<div class="view" id="view-tests">
<section class="summary">${summary(data)}</section>
${data.bench ? `<section class="leaderboard bench">${renderBenchHtml(data.bench.board, data.bench.heading)}</section>` : ''}
${data.leaderboard ? `<section class="leaderboard">${leaderboard(data)}</section>` : ''}
${data.matrix.length ? `<section class="matrix">${matrix(data)}</section>` : ''}
${data.problems.length ? `<section class="problems">${data.problems.map((p) => `<p class="warning">⚠ ${h(p)}</p>`).join('')}</section>` : ''}
<nav><button data-filter="all" class="on">All ${data.tests.length}</button> <button data-filter="failed">Failed ${failed}</button></nav>
<main>
${data.tests.map(renderTest).join('\n')}
</main>
</div>
${data.history ? `<div class="view" id="view-history" hidden>${renderHistory(data.history, data.historyGifs ?? {}, data.historyCompares ?? {})}</div>` : ''}
<script>${PAGE_JS}</script>
</body>
</html>
`
}

function meta(data: ReportData): string {
  // (every value a matrix ran with: 'locale de, ar')
  const versions = new Map<string, Set<string>>()
  for (const t of data.tests) for (const [k, v] of Object.entries(t.versions)) versions.set(k, (versions.get(k) ?? new Set()).add(v.replace(/^agentprobe /, '')))
  return [`generated ${data.generatedAt}`, ...[...versions].map(([k, v]) => `${k} ${[...v].join(', ')}`)].join(' · ')
}

/** Each test of a matrix with its cells side by side, the GIF of each: a test that passes in one and fails in another first. */
function matrix({ matrix: rows }: ReportData): string {
  const differing = rows.filter((r) => r.differs).length
  const ordered = [...rows.filter((r) => r.differs), ...rows.filter((r) => !r.differs)]
  return `<h2 class="section">Across the matrix · ${rows.length} test${rows.length === 1 ? '' : 's'}${differing ? `, ${differing} not the same in every cell` : ', the same in every cell'}</h2>
${ordered
  .map(
    (r) => `<div class="matrix-row${r.differs ? ' differs' : ''}"><h3>${h(r.name)} <span class="model">${h(r.model)}</span>${r.file ? ` <span class="file">${h(r.file)}</span>` : ''}</h3>
<div class="cells">${r.cells
      .map((c) => `<a class="cell status-${c.status}" href="#${c.testId}"><b>${statusMark(c.status)} ${h(c.variant)}</b>${c.gif ? `<img src="${h(c.gif)}" alt="the run in ${h(c.variant)}" loading="lazy">` : '<span class="noframe">no GIF</span>'}</a>`)
      .join('')}</div></div>`,
  )
  .join('\n')}`
}

function summary({ suite }: ReportData): string {
  const cards: [string, string][] = [
    [`${suite.passed}/${suite.tests}`, 'passed'],
    [fmt.percent(suite.passRate), 'pass rate'],
    [fmt.score(suite.meanScore), 'mean score'],
    [fmt.int(suite.steps), 'steps'],
    [fmt.int(suite.tokens), 'tokens'],
    [fmt.usd(suite.costUsd), 'cost'],
    [fmt.ms(suite.durationMs), 'test time'],
  ]
  const failures = Object.entries(suite.failureCounts)
  return `<div class="cards">${cards.map(([v, k]) => `<div class="card"><b>${h(v)}</b><span>${h(k)}</span></div>`).join('')}</div>
${failures.length ? `<div class="chips">${failureCountsText(suite.failureCounts).split(', ').map((c) => `<span>${h(c)}</span>`).join('')}</div>` : ''}`
}

function leaderboard({ leaderboard: board }: ReportData): string {
  if (!board) return ''
  const head = ['#', 'model', 'pass rate', 'mean score', 'steps', 'tokens', 'cost', 'p50 latency', 'p90 latency', 'failures']
  const rows = board.rows.map((r) =>
    [String(r.rank), rowName(r), `${fmt.percent(r.passRate)} (${r.passed}/${r.tests})`, fmt.score(r.meanScore), fmt.int(r.steps), fmt.int(r.tokens), fmt.usd(r.costUsd), fmt.ms(r.latencyP50Ms), fmt.ms(r.latencyP90Ms), failureCountsText(r.failureCounts) || '—'],
  )
  return `<h2 class="section">Leaderboard · ${board.cases.length} case${board.cases.length === 1 ? '' : 's'} run by every model</h2>
${htmlTable(head, rows, (r) => ` data-model="${h(r[1]!)}"`)}
${board.excluded.length ? `<p class="meta">Not ranked (not run by every model): ${h(board.excluded.join('; '))}</p>` : ''}`
}
