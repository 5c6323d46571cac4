import { describe, expect, it } from 'vitest'
import { STRIP_LENGTH, summarizeHistory } from '../core/history-stats.ts'
import type { HistoryRun } from '../core/history.ts'
import { historyRun as run, historyStep as step } from '../testing/history-runs.ts'
import { buildReportData } from './report-data.ts'
import { renderHtml } from './render-html.ts'
import { HEATMAP_ROWS, renderHistory, TREND_DAYS } from './render-history.ts'

const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 0, 1 + day, hour)).toISOString()
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0

// 'toggles' passes and fails on one commit and build (flaky); 'opens <the> popup' always passes;
// 'saves' always fails on model m2 and passes on m1 (a model comparison, not flakiness).
const runs: HistoryRun[] = Array.from({ length: 12 }, (_, i) => [
  run(`t${i}`, at(i % 4, 1), { test: 'toggles', outcome: i % 3 === 0 ? 'failed' : 'passed', ...(i % 3 === 0 && { failureTypes: ['no_progress', 'max_steps_exceeded'], gif: `/kept/t${i}.gif` }) }),
  run(`o${i}`, at(i % 4, 2), { test: 'opens <the> popup' }),
  run(`s${i}`, at(i % 4, 3), { test: 'saves', model: i % 2 ? 'm2' : 'm1', ...(i % 2 === 1 && { outcome: 'failed', failureTypes: ['false_success'] }) }),
]).flat()
const summary = summarizeHistory(runs)
const flakyGif = summary.tests.find((t) => t.test === 'toggles')!.lastFailure!.id

describe('renderHistory', () => {
  const html = renderHistory(summary, { [flakyGif]: 'data/abc.gif' })

  it('lists the flaky test with why and its failing run’s GIF, and not the steady ones', () => {
    const flaky = html.slice(html.indexOf('<ul class="flaky">'), html.indexOf('</ul>'))
    expect(count(flaky, /<li /g)).toBe(1)
    expect(flaky).toContain('popup.cua.test.ts › toggles')
    expect(flaky).toMatch(/passed \(t\d+\) and failed \(t\d+\) on commit c1, build b1/)
    expect(flaky).toContain('<a class="gif" href="data/abc.gif"')
    expect(flaky).not.toContain('saves')
    expect(renderHistory(summary, {})).not.toContain('class="gif"')
  })

  it('draws a strip per test with a titled cell per run, escaping names', () => {
    expect(count(html, /<tr data-test=/g)).toBe(3)
    expect(count(html, /<span class="cell /g)).toBe(36)
    expect(html).toContain(`title="${at(3, 2).slice(0, 16).replace('T', ' ')} · offline · run o11"`)
    expect(html).toContain('opens &#60;the&#62; popup')
    expect(html).not.toContain('<the>')
  })

  it('puts only failing tests in the heatmap, each failure coloured by its first type, with a legend of those', () => {
    const map = html.slice(html.indexOf('<table class="heatmap">'), html.indexOf('</table>', html.indexOf('<table class="heatmap">')))
    expect(count(map, /<tr>/g)).toBe(2)
    expect(map).not.toContain('opens &#60;the')
    const colours = new Set(map.match(/background:#[0-9a-f]+/g))
    expect(colours.size).toBe(2)
    for (const type of ['no_progress', 'false_success']) {
      const legend = html.match(new RegExp(`<i style="background:(#[0-9a-f]+)"></i>${type}<`))![1]
      expect(map).toMatch(new RegExp(`style="background:${legend}" title="[^"]*· ${type}[,"]`))
    }
    expect(html.slice(html.indexOf('<p class="legend">'))).not.toMatch(/^[^\n]*max_steps_exceeded/)
  })

  it('draws cost, step time and each model’s pass rate by day as SVG', () => {
    expect(count(html, /<svg class="trend"/g)).toBe(3)
    expect(count(html, /<rect /g)).toBe(4)
    const models = html.slice(html.indexOf('pass rate by day, per model'))
    expect(count(models, /<path /g)).toBe(3)
    expect(models).toMatch(/<title>2026-01-01 · m1: 100%<\/title>/)
    expect(models).toMatch(/<title>2026-01-02 · m2: 0%<\/title>/)
    // m2 ran on the second and fourth day only: two dots, no line through the days between
    const m2 = models.match(/<path d="([^"]*)"[^>]*\/>(?=<circle[^>]*><title>2026-01-02 · m2)/)![1]!
    expect(m2).toMatch(/^M[\d. ]+ M[\d. ]+$/)
  })

  it('names the failure types by count, and the failed runs no type names', () => {
    const chipsOf = (html: string) => [...html.matchAll(/<div class="chips">(.*?)<\/div>/g)].map((m) => m[1])
    expect(chipsOf(html)).toEqual(['<span>false_success ×6</span><span>no_progress ×4</span><span>max_steps_exceeded ×4</span>'])
    const untyped = renderHistory(summarizeHistory([...runs, run('x1', at(5), { outcome: 'failed' }), run('x2', at(5, 1), { outcome: 'failed' })]), {})
    expect(chipsOf(untyped)[0]).toMatch(/<span>failed, no type ×2<\/span>$/)
    expect(chipsOf(renderHistory(summarizeHistory([run('only', at(0))]), {}))).toEqual([])
  })

  it('reads with one run, and says so with none', () => {
    const one = renderHistory(summarizeHistory([run('only', at(0))]), {})
    expect(count(one, /<span class="cell pass"/g)).toBe(1)
    expect(count(one, /<circle /g)).toBe(3)
    expect(one).toContain('None: every test')
    expect(renderHistory(summarizeHistory([]), {})).toContain('No runs recorded yet')
  })

  it('stays bounded at 10,000 runs: strips, heatmap rows and trend days are capped', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      run(`r${i}`, at(i % 400, i % 24), { test: `test ${i % 100}`, outcome: i % 7 === 0 ? 'failed' : 'passed', commit: `c${i % 400}`, stepList: [step({ modelMs: i % 900 })] }),
    )
    const big = renderHistory(summarizeHistory(many), {})
    expect(count(big, /<span class="cell /g)).toBe(100 * STRIP_LENGTH)
    const map = big.slice(big.indexOf('<table class="heatmap">'))
    expect(count(map.slice(0, map.indexOf('</table>')), /<tr>/g)).toBe(HEATMAP_ROWS)
    expect(big).toContain(`the ${HEATMAP_ROWS} most failing tests of`)
    expect(count(big, /<rect /g)).toBe(TREND_DAYS)
    expect(big).toContain(`Trends · the last ${TREND_DAYS} days`)
    expect(big.length).toBeLessThan(2_000_000)
  })
})

describe('the report page with a history', () => {
  it('keeps this run as the default view and puts History behind the nav', () => {
    const page = renderHtml(buildReportData([], { history: summary, historyGifs: {} }))
    expect(page).toContain('<a href="#tests" class="on">This run</a> <a href="#history">History · 36 runs</a>')
    expect(page).toContain('<div class="view" id="view-tests">')
    expect(page).toContain('<div class="view" id="view-history" hidden><section class="history">')
    const plain = renderHtml(buildReportData([]))
    expect(plain).not.toContain('view-history')
    expect(plain).not.toContain('nav class="views"')
  })
})
