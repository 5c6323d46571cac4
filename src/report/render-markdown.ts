// The Markdown summary for $GITHUB_STEP_SUMMARY (or a PR comment): the suite, each test, warnings
// (a GIF not built or cut short) and the leaderboard when several models ran. GitHub renders no
// HTML report, so this is the first glance.
import { rowName } from '../core/leaderboard.ts'
import { failureCountsText, fmt } from './format.ts'
import { table } from './markdown-table.ts'
import type { ReportData } from './report-data.ts'

export function renderMarkdown(data: ReportData, options: { reportPath?: string } = {}): string {
  const { suite } = data
  const matrix = data.tests.some((t) => t.variant !== '')
  const lines = [
    `## ${data.title}: ${suite.passed}/${suite.tests} passed · mean score ${fmt.score(suite.meanScore)}`,
    '',
    `${fmt.int(suite.steps)} steps · ${fmt.int(suite.tokens)} tokens · ${fmt.usd(suite.costUsd)} · ${fmt.ms(suite.durationMs)} test time${Object.keys(suite.failureCounts).length ? ` · failures: ${failureCountsText(suite.failureCounts)}` : ''}`,
    '',
    table(
      ['', 'test', ...(matrix ? ['variant'] : []), 'model', 'run', 'score', 'steps', 'tokens', 'cost', 'failures'],
      data.tests.map((t) => [
        statusIcon(t.status),
        t.file ? `${t.name} (${t.file})` : t.name,
        ...(matrix ? [t.variant] : []),
        t.model,
        t.source,
        fmt.score(t.score.score),
        `${t.score.steps}${t.score.maxSteps ? `/${t.score.maxSteps}` : ''}`,
        fmt.int(t.score.tokens),
        fmt.usd(t.score.costUsd),
        failureCountsText(Object.fromEntries(count(t.score.failures.map((f) => f.type)))) || '—',
      ]),
    ),
  ]
  const differs = data.matrix.filter((row) => row.differs)
  if (differs.length > 0) {
    lines.push('', '### Differs across the matrix', '', table(['test', 'model', 'cells'], differs.map((row) => [row.file ? `${row.name} (${row.file})` : row.name, row.model, row.cells.map((c) => `${c.variant} ${statusIcon(c.status)}`).join(' · ')])))
  }
  // What agent.query, screen.locate and agent.waitFor read, with the model's evidence: the values a reviewer checks first.
  const reads = data.tests.flatMap((t) => t.nodes.filter((n) => n.kind === 'read').map((n) => [n.tone === 'pass' ? '✅' : '❌', t.name, n.title, clip(n.text ?? '')]))
  if (reads.length > 0) lines.push('', '### Reads (query, locate, waitFor)', '', table(['', 'test', 'read', 'evidence'], reads))
  const warned = data.tests.filter((t) => t.warnings.length > 0)
  if (warned.length > 0) {
    lines.push('', '### Warnings (not failures)', '', table(['test', 'warning'], warned.flatMap((t) => t.warnings.map((w) => [t.name, w]))))
  }
  if (data.leaderboard) {
    lines.push('', `### Leaderboard (${data.leaderboard.cases.length} cases run by every model)`, '')
    lines.push(
      table(
        ['#', 'model', 'pass rate', 'mean score', 'steps', 'tokens', 'cost', 'p50', 'p90', 'failures'],
        data.leaderboard.rows.map((r) => [String(r.rank), rowName(r), fmt.percent(r.passRate), fmt.score(r.meanScore), fmt.int(r.steps), fmt.int(r.tokens), fmt.usd(r.costUsd), fmt.ms(r.latencyP50Ms), fmt.ms(r.latencyP90Ms), failureCountsText(r.failureCounts) || '—']),
      ),
    )
  }
  if (options.reportPath) lines.push('', `Full report (decision graphs, frames, GIFs): \`${options.reportPath}\``)
  return `${lines.join('\n')}\n`
}

const statusIcon = (status: ReportData['tests'][number]['status']) => (status === 'passed' ? '✅' : status === 'failed' ? '❌' : '⏳')

function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function count(values: readonly string[]): Map<string, number> {
  const m = new Map<string, number>()
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1)
  return m
}
