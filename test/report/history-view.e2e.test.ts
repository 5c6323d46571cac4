// The report's History view and the run comparison in a real headless Chromium (offline): 40 runs
// of four tests over five days on two models, one test flaky with the real GIF of its failing run
// kept, written by writeReport and read back from the DOM; then two runs of the flaky test compared,
// the older one's frames gone with its overwritten folder. AGENTPROBE_SCREENSHOT=1 also saves the
// History view as docs/history-view.png for the README.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { summarizeHistory, type HistorySummary } from '../../src/core/history-stats.ts'
import { historyRecord, type HistoryRun } from '../../src/core/history.ts'
import { traceSchema, type Trace } from '../../src/core/trace.ts'
import { makeGif } from '../../src/report/make-gif.ts'
import { writeComparePage } from '../../src/report/write-compare.ts'
import { writeReport, type WrittenReport } from '../../src/report/write-report.ts'
import { historyRun, historyStep } from '../../src/testing/history-runs.ts'
import { openInHeadlessChromium } from './headless-page.ts'

const MODELS = ['openai/computer-use-x', 'anthropic/claude-y'] as const
const FLAKY = 'toggles the setting'
const usage = { inputTokens: 1200, cachedTokens: 0, outputTokens: 40, costUsd: 0.003 }
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, 1 + day, hour)).toISOString()

/** A run of the flaky test: it passes with a click on the switch and fails when step 2 presses Escape instead. */
function toggleTrace(startedAt: string, passed: boolean): Trace {
  const timings = { captureMs: 40, modelMs: 900, actMs: 20, settleMs: 300 }
  const step = (n: number, actions: unknown[], status: string) => ({ step: n, frame: `step-0${n}.png`, frameHash: `${startedAt}-${n}`, actions, status, usage, timings, failures: [] })
  return traceSchema.parse({
    schema: 'agentprobe.trace/1', test: { name: FLAKY, file: 'settings.cua.test.ts' }, model: MODELS[0], target: { kind: 'x11', width: 640, height: 400 },
    versions: { agentprobe: '0.1.0', browser: 'Chromium 156', build: 'b1' }, status: passed ? 'passed' : 'failed',
    ...(!passed && { error: 'agent.do failed: verification answered NO' }), startedAt, durationMs: 5000,
    frames: [1, 2, 3].map((n) => ({ file: n === 3 ? 'phase-01-verification.png' : `step-0${n}.png`, label: `frame ${n}`, at: n * 1000 })),
    runs: [{
      kind: 'agent', instruction: 'Turn the dark mode setting on', status: passed ? 'passed' : 'failed', maxSteps: 8, startedAt,
      steps: [step(1, [{ type: 'click', x: 120, y: 80, button: 'left' }], 'continue'), step(2, passed ? [{ type: 'click', x: 420, y: 210, button: 'left' }] : [{ type: 'keypress', keys: ['Escape'] }], 'passed')],
      verification: { question: 'Is dark mode on?', frame: 'phase-01-verification.png', frameHash: `${startedAt}-3`, passed, answer: passed ? 'YES' : 'NO', usage, ms: 700 },
      failures: passed ? [] : [{ type: 'false_success', step: 2, message: 'verification answered NO' }], usage,
    }],
  })
}

/** 38 stored runs around the two real ones: a steady test, one that fails on one model only, one that broke with a build and was fixed. */
function generatedRuns(dir: string): HistoryRun[] {
  const runs: HistoryRun[] = []
  for (let i = 0; i < 10; i++) {
    const day = Math.floor(i / 2)
    const model = MODELS[i % 2]!
    const steps = (ms: number) => [1, 2, 3].map((index) => historyStep({ index, modelMs: ms + index * 100, harnessMs: 300 + day * 40 }))
    runs.push(historyRun(`panel-${i}`, at(day, 8), { test: 'opens the side panel', file: 'panel.cua.test.ts', model, costUsd: 0.01 + day * 0.004, stepList: steps(700 + day * 80) }))
    const saves = model === MODELS[1] ? { outcome: 'failed' as const, failureTypes: ['false_success' as const], gif: join(dir, 'kept', 'pruned.gif') } : {}
    runs.push(historyRun(`notes-${i}`, at(day, 9), { test: 'saves a note', file: 'notes.cua.test.ts', model, costUsd: 0.02, stepList: steps(1100), ...saves }))
    const broke = day === 2 ? { outcome: 'failed' as const, failureTypes: ['no_progress' as const, 'max_steps_exceeded' as const] } : {}
    runs.push(historyRun(`badge-${i}`, at(day, 10), { test: 'shows the badge count', file: 'badge.cua.test.ts', model, commit: `c${day}`, build: `b${day}`, stepList: steps(600), ...broke }))
    if (i < 8) {
      const failed = i === 3 ? { outcome: 'failed' as const, failureTypes: ['repeated_action' as const] } : {}
      runs.push(historyRun(`toggle-${i}`, at(day, 7), { test: FLAKY, file: 'settings.cua.test.ts', model: MODELS[0], stepList: steps(900), ...failed }))
    }
  }
  return runs
}

async function frame(file: string, colour: string, text: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="${colour}"/><text x="40" y="220" font-size="64">${text}</text></svg>`
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer())
}

describe('the History view and the run comparison', () => {
  let dir: string
  let older: HistoryRun
  let newest: HistoryRun
  let summary: HistorySummary
  let report: WrittenReport

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agentprobe-history-view-'))
    // The flaky test's folder holds its newest run (a failure); the run before it passed there.
    const artifacts = join(dir, 'artifacts', 'toggles')
    await mkdir(artifacts, { recursive: true })
    await mkdir(join(dir, 'kept'))
    const frames = ['step-01.png', 'step-02.png', 'phase-01-verification.png'].map((f) => join(artifacts, f))
    await Promise.all(frames.map((f, i) => frame(f, ['#dbeafe', '#fef3c7', '#fee2e2'][i]!, `frame ${i + 1}`)))
    const gif = join(dir, 'kept', 'newest.gif')
    await makeGif(frames, gif, { frameMs: 300, lastFrameMs: 600, maxWidth: 320 })
    const traceB = toggleTrace(at(4, 12), false)
    await writeFile(join(artifacts, 'trace.json'), JSON.stringify(traceB))
    const where = { commit: 'c1', artifactsDir: artifacts }
    older = historyRecord(toggleTrace(at(4, 11), true), { ...where, id: 'a0a0a0a0-older' })
    newest = historyRecord(traceB, { ...where, id: 'b1b1b1b1-newest', gif })

    const runs = [...generatedRuns(dir), older, newest]
    expect(runs).toHaveLength(40)
    summary = summarizeHistory(runs)
    expect(summary.tests.filter((t) => t.flaky).map((t) => t.test)).toEqual([FLAKY])
    report = await writeReport({ traces: [join(artifacts, 'trace.json')], outDir: join(dir, 'report'), history: summary })
  }, 60_000)

  it('copies the kept GIF that exists beside the page, and links none for a pruned one', () => {
    expect(Object.keys(report.data.historyGifs!)).toEqual([newest.id])
    expect(existsSync(join(dir, 'report', report.data.historyGifs![newest.id]!))).toBe(true)
  })

  it('opens on this run, and the nav switches to History: strips, the flaky test with its GIF, trends', async () => {
    const page = await openInHeadlessChromium(report.html, { width: 1280, height: 1250 })
    try {
      // The view follows the URL's hash, and hashchange comes a moment after the click.
      const visible = () => page.evaluate<{ tests: boolean; history: boolean }>(`(async () => {
        for (let i = 0; i < 50 && location.hash === '#history' && document.getElementById('view-history').hidden; i++) await new Promise((done) => setTimeout(done, 20))
        return { tests: !document.getElementById('view-tests').hidden, history: !document.getElementById('view-history').hidden }
      })()`)
      expect(await visible()).toEqual({ tests: true, history: false })
      await page.click('nav.views a[href="#history"]')
      expect(await visible()).toEqual({ tests: false, history: true })

      const shown = await page.evaluate<{ strips: { test: string; cells: number; firstTitle: string }[]; flaky: string[]; gif: string | null; gifWidth: number; trends: { label: string; marks: number; width: number }[]; heatmapRows: number }>(`(async () => {
        const view = document.getElementById('view-history')
        const gif = view.querySelector('ul.flaky a.gif')
        const gifWidth = gif ? await new Promise((done) => { const img = new Image(); img.onload = () => done(img.naturalWidth); img.onerror = () => done(0); img.src = gif.href }) : 0
        return {
          strips: [...view.querySelectorAll('table.strips tbody tr')].map((tr) => ({ test: tr.dataset.test, cells: tr.querySelectorAll('.cell').length, firstTitle: tr.querySelector('.cell').title })),
          flaky: [...view.querySelectorAll('ul.flaky li')].map((li) => li.textContent),
          gif: gif && gif.getAttribute('href'), gifWidth,
          trends: [...view.querySelectorAll('figure.trend')].map((f) => ({ label: f.querySelector('figcaption').textContent, marks: f.querySelectorAll('svg rect, svg circle').length, width: f.querySelector('svg').getBoundingClientRect().width })),
          heatmapRows: view.querySelectorAll('table.heatmap tr').length,
        }
      })()`)
      expect(shown.strips).toHaveLength(4)
      expect(Object.fromEntries(shown.strips.map((s) => [s.test, s.cells]))).toEqual({
        [`settings.cua.test.ts › ${FLAKY}`]: 10, 'panel.cua.test.ts › opens the side panel': 10, 'notes.cua.test.ts › saves a note': 10, 'badge.cua.test.ts › shows the badge count': 10,
      })
      expect(shown.strips.find((s) => s.test.endsWith(FLAKY))!.firstTitle).toBe(`2026-11-01 07:00 · ${MODELS[0]} · run toggle-0`)
      expect(shown.flaky).toHaveLength(1)
      expect(shown.flaky[0]).toMatch(new RegExp(`^settings\\.cua\\.test\\.ts › ${FLAKY} passed \\(toggle-0\\) and failed \\(toggle-3\\) on commit c1, build b1 · last failed 2026-11-05: agent\\.do failed`))
      expect(shown.gif).toBe(report.data.historyGifs![newest.id])
      expect(existsSync(resolve(dir, 'report', shown.gif!))).toBe(true)
      expect(shown.gifWidth).toBe(320)
      expect(shown.trends.map((t) => t.label)).toEqual(['cost by day', 'step time by day (p50, p90)', 'pass rate by day, per model'])
      expect(shown.trends.map((t) => t.marks)).toEqual([5, 10, 10])
      for (const t of shown.trends) expect(t.width, t.label).toBeGreaterThan(300)
      expect(shown.heatmapRows).toBe(3)
      expect(page.requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([])

      if (process.env.AGENTPROBE_SCREENSHOT) {
        await page.evaluate('window.scrollTo(0, 0)')
        await page.screenshot(resolve(import.meta.dirname, '../../docs/history-view.png'))
      }
    } finally {
      await page.close()
    }
  })

  it('compares the two runs: the differing step highlighted, frames of the overwritten run not kept', async () => {
    const path = await writeComparePage({ a: older, b: newest, outDir: join(dir, 'report') })
    expect(path).toBe(join(dir, 'report', 'compare-a0a0a0a0-b1b1b1b1.html'))
    const page = await openInHeadlessChromium(path)
    try {
      const rows = await page.evaluate<{ differs: string; background: string; images: number[]; notKept: number }[]>(`(async () => {
        const rows = [...document.querySelectorAll('tr.step')]
        await Promise.all([...document.images].map((img) => img.decode().catch(() => {})))
        return rows.map((tr) => ({ differs: tr.dataset.differs, background: getComputedStyle(tr.querySelector('td')).backgroundColor,
          images: [...tr.querySelectorAll('img')].map((img) => img.naturalWidth), notKept: [...tr.querySelectorAll('.noframe')].filter((p) => /^frame not kept \\(hash /.test(p.textContent)).length }))
      })()`)
      expect(rows.map((r) => r.differs)).toEqual(['', 'actions', 'status verdict failures'])
      expect(rows[0]!.background).toBe('rgba(0, 0, 0, 0)')
      for (const r of rows.slice(1)) expect(r.background).toBe('rgb(255, 247, 237)')
      // B's folder still holds its frames (annotated copies are absent, so the frames themselves); A's were overwritten.
      for (const r of rows) expect(r).toMatchObject({ images: [640], notKept: 1 })
      expect(page.requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([])
    } finally {
      await page.close()
    }
  })
})
