import { expect, it } from 'vitest'
import { buildBenchBoard, type BenchRunRecord } from '../core/bench-scores.ts'
import { renderBenchHtml, renderBenchMarkdown } from './render-bench.ts'

const base = { category: 'popup', repeat: 1, steps: 2, tokens: 0, costUsd: 0, modelLatenciesMs: [], failureTypes: [], score: 1 }
const records: BenchRunRecord[] = [
  { ...base, caseId: 'popup/a', build: 'good', model: 'm', expected: 'pass', outcome: 'fail', truth: true },
  { ...base, caseId: 'popup/a', build: 'mutant', model: 'm', expected: 'fail', outcome: 'pass', truth: true },
]
const heading = { cases: 1, repeats: 1, label: 'offline model' }

it('bench.md: broken cases loudly, the leaderboard, false passes before false fails, per category', () => {
  const md = renderBenchMarkdown(buildBenchBoard(records), heading)
  expect(md).toContain('> ⚠ BROKEN CASE popup/a [mutant]: expected fail on the mutant build, but the ground-truth check says the feature works (seen on m #1)')
  expect(md).toContain('| 1 | m | 0% (0/2) | 1 | 1 | 0 | 0 | 0 | 0 |')
  expect(md.indexOf('**m** false pass: popup/a [mutant] #1')).toBeLessThan(md.indexOf('m false fail: popup/a [good] #1'))
  expect(md).toContain('| popup | 0% · 1 FP · 1 FF |')
})

it('the HTML section escapes what it shows', () => {
  const html = renderBenchHtml(buildBenchBoard(records.map((r) => ({ ...r, model: '<m>' }))), heading)
  expect(html).toContain('&#60;m&#62;')
  expect(html).not.toContain('<m>')
})
