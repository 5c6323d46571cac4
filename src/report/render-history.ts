// The report's History view, from the run history's summary: flaky tests first (why, and the
// failing run's GIF), each test's last runs as a pass/fail strip, the failing tests' runs coloured
// by failure type, cost and step time by day, and the models' pass rates over time. Everything
// drawn is bounded (30 runs a test, HEATMAP_ROWS tests, TREND_DAYS days), so 10,000 runs render
// as quickly as 10.
import { STRIP_LENGTH, type HistorySummary, type TestHistory } from '../core/history-stats.ts'
import { escapeXml as h, htmlTable } from './escape.ts'
import { failureCountsText, fmt } from './format.ts'
import { trendSvg } from './trend-svg.ts'

/** The heatmap's rows: the tests that failed most (flaky ones first), the rest left out. */
export const HEATMAP_ROWS = 40
/** The trends' days: the newest. */
export const TREND_DAYS = 90

const MODEL_COLOURS = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#65a30d', '#57534e']
/** The heatmap's failure types take these in turn, the commonest first. */
const FAILURE_COLOURS = ['#b91c1c', '#ea580c', '#9333ea', '#a16207', '#be185d', '#0e7490', '#4d7c0f', '#44403c']

type Strip = TestHistory['strip']

/** Failure types by count, and the failed runs no type names (the test's own expect or error). */
function chips(s: HistorySummary): string {
  const typed = Object.keys(s.failureCounts).length ? failureCountsText(s.failureCounts).split(', ') : []
  const all = [...typed, ...(s.untypedFailures ? [`failed, no type ×${s.untypedFailures}`] : [])]
  return all.length ? `<div class="chips">${all.map((c) => `<span>${h(c)}</span>`).join('')}</div>` : ''
}

/** The view's body; `gifs` maps a run id to its kept GIF's address in the report, `compares` a test key to its compare page. */
export function renderHistory(s: HistorySummary, gifs: Readonly<Record<string, string>>, compares: Readonly<Record<string, string>> = {}): string {
  if (s.runs === 0) return '<section class="history"><h2 class="section">History</h2><p class="meta">No runs recorded yet.</p></section>'
  const passed = s.tests.reduce((n, t) => n + t.passed, 0)
  const flaky = s.tests.filter((t) => t.flaky)
  const cards: [string, string][] = [
    [fmt.int(s.runs), `runs of ${s.tests.length} test${s.tests.length === 1 ? '' : 's'}`],
    [fmt.percent(passed / s.runs), 'passed'],
    [String(flaky.length), 'flaky'],
    [fmt.ms(s.stepP50Ms), 'step p50'],
    [fmt.ms(s.stepP90Ms), 'step p90'],
    ...(s.replayedRuns ? [[fmt.percent(s.replayDriftRate), `of ${s.replayedRuns} replays drifted`] as [string, string]] : []),
  ]
  return `<section class="history">
<h2 class="section">History · ${h(day(s.from))} – ${h(day(s.to))}</h2>
<div class="cards">${cards.map(([v, k]) => `<div class="card"><b>${h(v)}</b><span>${h(k)}</span></div>`).join('')}</div>
${chips(s)}
<h3>Flaky tests</h3>
${flaky.length ? `<ul class="flaky">${flaky.map((t) => flakyItem(t, gifs, compares[t.key])).join('')}</ul>` : '<p class="meta">None: every test passed or failed alike on each commit and build.</p>'}
<h3>Last ${STRIP_LENGTH} runs per test</h3>
<table class="strips"><thead><tr><th>test</th><th>passed</th><th>runs, oldest first</th></tr></thead>
<tbody>${s.tests.map((t) => `<tr data-test="${h(t.key)}"><td>${h(t.key)}${compares[t.key] ? ` · ${compareLink(compares[t.key]!)}` : ''}</td><td>${t.passed}/${t.runs}</td><td class="strip">${strip(t.strip)}</td></tr>`).join('')}</tbody></table>
${heatmap(s)}
${trends(s)}
</section>`
}

const compareLink = (href: string) => `<a class="compare" href="${h(href)}" target="_blank">last green against first red</a>`

function flakyItem(t: TestHistory, gifs: Readonly<Record<string, string>>, compare: string | undefined): string {
  const gif = t.lastFailure && gifs[t.lastFailure.id]
  const failure = t.lastFailure ? ` · last failed ${h(day(t.lastFailure.startedAt))}${t.lastFailure.error ? `: ${h(t.lastFailure.error)}` : ''}` : ''
  return `<li data-test="${h(t.key)}"><b>${h(t.key)}</b> <span class="why">${h(t.flakyWhy ?? '')}</span>${failure}${gif ? ` · <a class="gif" href="${h(gif)}" target="_blank">GIF of the failing run</a>` : ''}${compare ? ` · ${compareLink(compare)}` : ''}</li>`
}

function strip(runs: Strip): string {
  return runs
    .slice(-STRIP_LENGTH)
    .map((r) => `<span class="cell ${r.outcome === 'passed' ? 'pass' : 'fail'}" title="${h(runTitle(r))}"></span>`)
    .join('')
}

/** Failing tests × their last runs (newest on the right), a failed run coloured by its first failure type, the commonest first. */
function heatmap(s: HistorySummary): string {
  const failing = s.tests.filter((t) => t.failed > 0)
  if (failing.length === 0) return ''
  const shown = failing.slice(0, HEATMAP_ROWS).map((t) => ({ key: t.key, runs: t.strip.slice(-STRIP_LENGTH) }))
  const first = (r: Strip[number]) => r.failureTypes?.[0] ?? 'failed, no type'
  const tally = new Map<string, number>()
  for (const t of shown) for (const r of t.runs) if (r.outcome === 'failed') tally.set(first(r), (tally.get(first(r)) ?? 0) + 1)
  const types = [...tally.keys()].sort((x, y) => tally.get(y)! - tally.get(x)!)
  // With more types than colours, the rarest share the last one.
  const named = types.length > FAILURE_COLOURS.length ? FAILURE_COLOURS.length - 1 : types.length
  const colour = (r: Strip[number]) => FAILURE_COLOURS[Math.min(types.indexOf(first(r)), named)]!
  const rows = shown.map(({ key, runs }) => {
    const cells = runs.map((r) => `<td ${r.outcome === 'passed' ? 'class="pass"' : `style="background:${colour(r)}"`} title="${h(runTitle(r))}"></td>`)
    return `<tr><th>${h(key)}</th>${'<td></td>'.repeat(STRIP_LENGTH - runs.length)}${cells.join('')}</tr>`
  })
  const legend = [
    '<span><i class="pass"></i>passed</span>',
    ...types.slice(0, named).map((type, i) => `<span><i style="background:${FAILURE_COLOURS[i]}"></i>${h(type)}</span>`),
    ...(named < types.length ? [`<span><i style="background:${FAILURE_COLOURS[named]}"></i>other types</span>`] : []),
  ]
  return `<h3>Failures by type · the last ${STRIP_LENGTH} runs of ${shown.length === failing.length ? 'each failing test' : `the ${shown.length} most failing tests of ${failing.length}`}</h3>
<div class="heatmap-wrap"><table class="heatmap"><tbody>${rows.join('')}</tbody></table></div>
<p class="legend">${legend.join(' ')}</p>`
}

function trends(s: HistorySummary): string {
  const days = s.days.slice(-TREND_DAYS)
  const index = new Map(days.map((d, i) => [d.day, i]))
  const rates = new Map<string, (number | undefined)[]>(s.models.map((m) => [m.model, days.map(() => undefined)]))
  for (const m of s.modelDays) {
    const i = index.get(m.day)
    if (i !== undefined) rates.get(m.model)![i] = m.passed / m.runs
  }
  const passRates = [...rates].map(([name, values], k) => ({ name, values, colour: MODEL_COLOURS[k % MODEL_COLOURS.length]! }))
  const names = days.map((d) => d.day)
  const board = s.models.map((m) => [m.model, fmt.int(m.runs), fmt.percent(m.passRate), fmt.score(m.meanScore), fmt.usd(m.costUsd), fmt.ms(m.stepP50Ms), fmt.ms(m.stepP90Ms)])
  return `<h3>Trends${s.days.length > days.length ? ` · the last ${TREND_DAYS} days` : ''}</h3>
<div class="trends">
${trendSvg({ label: 'cost by day', days: names, series: [{ name: 'cost', values: days.map((d) => d.costUsd), colour: '#6366f1' }], bars: true, format: fmt.usd })}
${trendSvg({ label: 'step time by day (p50, p90)', days: names, series: [{ name: 'p50', values: days.map((d) => d.stepP50Ms), colour: '#0891b2' }, { name: 'p90', values: days.map((d) => d.stepP90Ms), colour: '#d97706' }], format: fmt.ms })}
${trendSvg({ label: 'pass rate by day, per model', days: names, series: passRates, max: 1, format: fmt.percent })}
</div>
<h3>Models</h3>
${htmlTable(['model', 'runs', 'pass rate', 'mean score', 'cost', 'step p50', 'step p90'], board)}`
}

function runTitle(r: Strip[number]): string {
  return [r.startedAt.slice(0, 16).replace('T', ' '), r.model, `run ${r.id}`, ...(r.failureTypes?.length ? [r.failureTypes.join(', ')] : [])].join(' · ')
}

const day = (iso: string | undefined) => iso?.slice(0, 10) ?? ''
