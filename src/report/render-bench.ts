// The benchmark leaderboard, as bench.md (and $GITHUB_STEP_SUMMARY) and as a section of the HTML
// report: false passes first, since a broken build let through is the costly error; broken cases
// (ground truth disagreeing with the expected verdict) said loudly; unscored runs apart.
import type { BenchBoard, BenchModelRow } from '../core/bench-scores.ts'
import { escapeXml as h, htmlTable } from './escape.ts'
import { failureCountsText, fmt } from './format.ts'
import { table } from './markdown-table.ts'

export interface BenchHeading {
  cases: number
  repeats: number
  /** What ran it: offline model, model double, or named real models with the date. */
  label: string
}

const HEAD = ['#', 'model', 'accuracy', 'false pass', 'false fail', 'true pass', 'true fail', 'errors', 'not run', 'mean score', 'σ acc / score', 'steps', 'tokens', 'cost', 'p50', 'p90', 'test time', 'failure types']

function cells(r: BenchModelRow): string[] {
  return [
    String(r.rank),
    r.label,
    `${fmt.percent(r.accuracy)} (${r.truePass + r.trueFail}/${r.scored})`,
    String(r.falsePass),
    String(r.falseFail),
    String(r.truePass),
    String(r.trueFail),
    String(r.errors),
    String(r.notRun),
    fmt.score(r.meanScore),
    `${r.accuracyStddev.toFixed(2)} / ${r.scoreStddev.toFixed(2)}`,
    fmt.int(r.steps),
    fmt.int(r.tokens),
    fmt.usd(r.costUsd),
    fmt.ms(r.latencyP50Ms),
    fmt.ms(r.latencyP90Ms),
    fmt.ms(r.durationMs),
    failureCountsText(r.failureCounts) || '—',
  ]
}

function categoryCell(r: BenchModelRow, category: string): string {
  const c = r.byCategory[category]
  return c && c.scored ? `${fmt.percent(c.accuracy)} · ${c.falsePass} FP · ${c.falseFail} FF` : '—'
}

/** Lines that must not be missed: broken cases, runs the cap stopped, infrastructure errors. */
export function benchAlerts(board: BenchBoard): string[] {
  const alerts = board.broken.map((b) => `BROKEN CASE ${b.caseId} [${b.build}]: ${b.why} (seen on ${b.seen.join(', ')})`)
  if (board.notRun) alerts.push(`${board.notRun} run(s) not run: spend cap reached (left out of the scores)`)
  if (board.errors) alerts.push(`${board.errors} run(s) ended in an infrastructure error (left out of the scores)`)
  return alerts
}

export function renderBenchMarkdown(board: BenchBoard, heading: BenchHeading): string {
  const lines = [
    `## agentprobe bench: ${heading.cases} cases × 2 builds × ${heading.repeats} repeat${heading.repeats === 1 ? '' : 's'}`,
    '',
    `Ran by: ${heading.label}. Accuracy counts agentprobe's verdict against each build's expected verdict; a false pass is a broken build let through.`,
    '',
    ...benchAlerts(board).map((a) => `> ⚠ ${a}`),
    ...(board.broken.length || board.notRun || board.errors ? [''] : []),
    table(HEAD, board.rows.map(cells)),
  ]
  const wrong = board.rows.filter((r) => r.falsePasses.length || r.falseFails.length)
  if (wrong.length) {
    lines.push('', '### False passes, then false fails', '')
    for (const r of wrong) {
      if (r.falsePasses.length) lines.push(`- **${r.label}** false pass: ${r.falsePasses.join('; ')}`)
      if (r.falseFails.length) lines.push(`- ${r.label} false fail: ${r.falseFails.join('; ')}`)
    }
  }
  lines.push('', '### Per category (accuracy · false passes · false fails)', '')
  lines.push(table(['category', ...board.rows.map((r) => r.label)], board.categories.map((c) => [c, ...board.rows.map((r) => categoryCell(r, c))])))
  return `${lines.join('\n')}\n`
}

export function renderBenchHtml(board: BenchBoard, heading: BenchHeading): string {
  const alerts = benchAlerts(board)
  const wrong = board.rows.flatMap((r) => [
    ...r.falsePasses.map((run) => `<li><b>false pass</b> · ${h(r.label)} · ${h(run)}</li>`),
    ...r.falseFails.map((run) => `<li>false fail · ${h(r.label)} · ${h(run)}</li>`),
  ])
  return `<h2 class="section">Benchmark · ${heading.cases} cases × 2 builds × ${heading.repeats} · ${h(heading.label)}</h2>
${alerts.map((a) => `<p class="warning">⚠ ${h(a)}</p>`).join('')}
${htmlTable(HEAD, board.rows.map(cells))}
${wrong.length ? `<h3>False passes, then false fails</h3><ul>${wrong.join('')}</ul>` : ''}
<h3>Per category (accuracy · false passes · false fails)</h3>
${htmlTable(['category', ...board.rows.map((r) => r.label)], board.categories.map((c) => [c, ...board.rows.map((r) => categoryCell(r, c))]))}`
}
