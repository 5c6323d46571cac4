import { describe, expect, it } from 'vitest'
import { compareRuns } from '../core/run-compare.ts'
import { historyRun as run, historyStep as step } from '../testing/history-runs.ts'
import { renderCompareHtml, renderCompareText } from './render-compare.ts'

const a = run('aaaaaaaa-0000', '2026-11-01T10:00:00.000Z', {
  stepList: [step({ index: 1, status: 'continue', frameHash: 'h1' }), step({ index: 2, actions: [], actionText: undefined, frameHash: 'h2', verdict: 'YES' })],
})
const b = run('bbbbbbbb-1111', '2026-11-02T10:00:00.000Z', {
  test: 'a very long test name '.repeat(10),
  outcome: 'failed',
  failureTypes: ['false_success'],
  stepList: [
    step({ index: 1, status: 'continue', frameHash: 'h1' }),
    step({ index: 2, actionText: `type ${JSON.stringify('x'.repeat(300))}`, actions: ['type'], status: 'failed', failureTypes: ['false_success'], frameHash: 'h3' }),
  ],
})
const c = compareRuns(a, b)

describe('renderCompareHtml', () => {
  const html = renderCompareHtml(c, (side, hash) => (side === 'b' ? `data/${hash}.png` : undefined))

  it('highlights the differing row and names what differs; the same row stays plain', () => {
    const rows = html.match(/<tr class="step[^"]*" data-differs="[^"]*"/g)
    expect(rows).toEqual(['<tr class="step" data-differs=""', '<tr class="step differs" data-differs="actions status verdict failures"'])
    expect(html).toContain('<dd class="diff">type &#34;xxx')
    expect(html).toMatch(/<tr class="differs"><td>outcome<\/td><td>passed<\/td><td>failed<\/td><\/tr>/)
    expect(html).toContain('⚠ different tests')
  })

  it('shows the frames it has and says which are not kept', () => {
    expect(html).toContain('<img class="frame" src="data/h3.png"')
    expect(html).toContain('frame not kept (hash h2…)')
    expect(html).not.toContain('src="data/h2.png"')
  })
})

describe('renderCompareText', () => {
  const text = renderCompareText(c)

  it('fits 120 columns, wrapping long cells', () => {
    const lines = text.trimEnd().split('\n')
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(120)
    expect(lines.filter((l) => l.includes('xxxxxxxx')).length).toBeGreaterThan(5)
  })

  it('marks differing totals and steps with ≠ and says what differs', () => {
    expect(text).toMatch(/^≠outcome +│ passed +│ failed$/m)
    expect(text).toMatch(/^ agent steps +│ 1 +│ 1$/m)
    expect(text).toMatch(/^ step 1 +│ +│$/m)
    expect(text).toMatch(/^ {4}actions +│ click \(10, 20\) +│ click \(10, 20\)$/m)
    expect(text).toMatch(/^≠step 2 +│ +│$/m)
  })

  it("puts A's and B's same fact side by side, named, with ≠ where they differ", () => {
    expect(text).toMatch(/^ {2}≠ actions +│ — +│ type "x+$/m)
    expect(text).toMatch(/^ {2}≠ status +│ passed +│ failed$/m)
    expect(text).toMatch(/^ {2}≠ verdict +│ YES +│ —$/m)
    expect(text).toMatch(/^ {2}≠ failures +│ — +│ false_success$/m)
    expect(text).toMatch(/^ {4}status +│ continue +│ continue$/m)
  })
})
