// The report's pure half: frame notes, the decision graph, the page and the Markdown summary,
// from synthetic traces validated by the published schema.
import { describe, expect, it } from 'vitest'
import type { Failure } from '../core/failures.ts'
import { ZERO_USAGE } from '../core/model.ts'
import { traceSchema, type Trace, type TraceStep } from '../core/trace.ts'
import { frameNotes } from './frame-notes.ts'
import { buildReportData, type TraceEntry } from './report-data.ts'
import { renderHtml } from './render-html.ts'
import { renderMarkdown } from './render-markdown.ts'

const usage = { ...ZERO_USAGE, inputTokens: 1000, outputTokens: 50, costUsd: 0.002 }

function step(n: number, o: Partial<TraceStep> = {}): TraceStep {
  return {
    step: n, frame: `step-0${n}.png`, frameHash: `h${n}`, actions: [{ type: 'click', x: 10 * n, y: 20, button: 'left' }], status: 'continue',
    text: `clicked ${n}`, usage, timings: { captureMs: 5, modelMs: 100 * n, actMs: 3, settleMs: 40 }, failures: [], ...o,
  }
}

/** A failing test: step 2 loops, step 3 claims success, the verifier says NO (false_success on step 3). */
function failingTrace(model = 'openai/gpt-x', name = 'opens the <panel>'): Trace {
  const falseSuccess: Failure = { type: 'false_success', step: 3, message: 'verification answered NO' }
  return traceSchema.parse({
    schema: 'agentprobe.trace/1', test: { name, file: 'ext.cua.test.ts' }, model, target: { kind: 'x11', width: 1920, height: 1080 },
    versions: { agentprobe: '0.1.0', browser: 'Chromium 156' }, status: 'failed', error: 'agent.do failed: verification answered NO',
    startedAt: '2025-01-01T00:00:00.000Z', durationMs: 9000,
    frames: [
      { file: 'phase-01-browser-started.png', label: 'browser started', at: 1000 },
      { file: 'step-01.png', label: 'step 1', at: 2000 },
      { file: 'step-02.png', label: 'step 2', at: 3000 },
      { file: 'step-03.png', label: 'step 3', at: 4000 },
      { file: 'phase-02-step-3-sent.png', label: 'step 3 sent', at: 4000 },
      { file: 'phase-03-verification.png', label: 'verification', at: 5000 },
    ],
    runs: [{
      kind: 'agent', instruction: 'Open the panel', status: 'failed', reason: 'verification answered NO', maxSteps: 15, startedAt: '2025-01-01T00:00:01.000Z',
      steps: [
        step(1),
        step(2, { failures: [{ type: 'repeated_action', step: 2, message: 'same action as step 1' }], actions: [{ type: 'type', text: 'hunter2 sk-secret', secret: false }] }),
        step(3, { actions: [], status: 'passed', sent: 'phase-02-step-3-sent.png' }),
      ],
      verification: { question: "Is 'Panel' shown?", frame: 'phase-03-verification.png', passed: false, answer: 'NO', evidence: "not found: 'Panel'", usage, ms: 300 },
      failures: [{ type: 'repeated_action', step: 2, message: 'same action as step 1' }, falseSuccess],
      usage,
    }],
    artifacts: { annotated: { 'step-01.png': 'annotated/step-01.png' }, gif: 'run.gif', warnings: [] },
  })
}

function passingTrace(model: string, name: string): Trace {
  const t = failingTrace(model, name)
  t.status = 'passed'
  delete t.error
  t.runs[0]!.failures = []
  t.runs[0]!.steps = [step(1), step(2, { actions: [], status: 'passed' })]
  delete t.runs[0]!.verification
  return t
}

const entry = (trace: Trace): TraceEntry => ({ trace, asset: (file) => `data/${file.replace(/\W/g, '_')}` })

describe('frameNotes', () => {
  it('notes every frame in time order, skipping the copy sent to the model, with secrets masked', () => {
    const notes = frameNotes(failingTrace(), (t) => t.replace('sk-secret', '•••'))
    expect(notes.map((n) => n.file)).toEqual(['phase-01-browser-started.png', 'step-01.png', 'step-02.png', 'step-03.png', 'phase-03-verification.png'])
    expect(notes[0]).toMatchObject({ header: 'browser started', tone: 'phase' })
    expect(notes[2]!.header).toBe('step 2/15 · type "hunter2 •••" · model 200 ms · ⚠ repeated_action')
    expect(notes[2]).toMatchObject({ tone: 'warn', actions: [{ type: 'type', text: 'hunter2 •••' }] })
    expect(notes[3]).toMatchObject({ header: 'step 3/15 · TEST_PASSED · model 300 ms', tone: 'pass' })
    expect(notes[4]).toMatchObject({ header: "verification NO · Is 'Panel' shown?", tone: 'fail', note: "not found: 'Panel'" })
  })

  it('notes a first look that answered NO, then the second look that counts', () => {
    const t = failingTrace()
    t.frames.push({ file: 'phase-04-verification-second-look.png', label: 'verification, second look', at: 6000 })
    const v = t.runs[0]!.verification!
    Object.assign(v, { frame: 'phase-04-verification-second-look.png', passed: true, answer: 'YES', evidence: "'Panel' seen", firstLook: { frame: 'phase-03-verification.png', answer: 'NO', evidence: "not found: 'Panel'" } })
    const notes = frameNotes(t, (x) => x).slice(-2)
    expect(notes[0]).toMatchObject({ header: "verification NO · Is 'Panel' shown?", tone: 'fail', note: "not found: 'Panel' (first look; a second look followed)" })
    expect(notes[1]).toMatchObject({ header: "verification YES · Is 'Panel' shown?", tone: 'pass', note: "'Panel' seen" })
  })
})

describe('buildReportData', () => {
  it('draws one node per step, verification and phase frame, and ends in the verdict', () => {
    const [test] = buildReportData([entry(failingTrace())]).tests
    expect(test!.nodes.map((n) => `${n.kind}:${n.label}:${n.tone}`)).toEqual(['phase:•:phase', 'step:1:step', 'step:2:warn', 'step:3:fail', 'verify:V:fail', 'end:✗:fail'])
    expect(test!.nodes[3]!.failures.map((f) => f.type)).toEqual(['false_success'])
    expect(test!.nodes[3]!.sent).toBe('data/phase_02_step_3_sent_png')
    expect(test!.nodes[1]!.frame).toBe('data/annotated_step_01_png')
    expect(test!.nodes[2]!.frame).toBe('data/step_02_png')
    expect(test!.focus).toBe(test!.nodes[3]!.id)
    expect(test!.gif).toBe('data/run_gif')
  })

  it("shows the icon-click oracle's line on the run's last step", () => {
    const t = failingTrace()
    t.runs[0]!.oracle = 'the icon click (step 1) did nothing on screen, but triggerAction opened popup.html in 42 ms'
    const steps = buildReportData([entry(t)]).tests[0]!.nodes.filter((n) => n.kind === 'step')
    expect(steps.map((n) => n.facts.find(([name]) => name === 'oracle')?.[1])).toEqual([undefined, undefined, t.runs[0]!.oracle])
  })

  it('puts a failure with no step on the verdict node', () => {
    const t = failingTrace()
    t.runs[0]!.failures.push({ type: 'target_crashed', message: 'the browser died' })
    const end = buildReportData([entry(t)]).tests[0]!.nodes.at(-1)!
    expect(end.failures.map((f) => f.type)).toEqual(['target_crashed'])
  })

  it('ranks models when several ran the same cases', () => {
    const data = buildReportData(['a', 'b'].flatMap((c) => [entry(failingTrace('looper', c)), entry(passingTrace('solver', c))]))
    expect(data.leaderboard!.rows.map((r) => r.model)).toEqual(['solver', 'looper'])
    expect(data.suite).toMatchObject({ tests: 4, passed: 2, failureCounts: { repeated_action: 2, false_success: 2 } })
  })
})

describe('a language and theme matrix in the report', () => {
  /** The same test in one cell of the matrix: its locale and theme in the trace's versions. */
  const cell = (trace: Trace, versions: Record<string, string>, gif: string): Trace => ({ ...trace, versions: { ...trace.versions, ...versions }, artifacts: { ...trace.artifacts!, gif } })
  const de = cell(passingTrace('offline', 'greets'), { locale: 'de', colorScheme: 'dark' }, 'de.gif')
  const ar = cell(failingTrace('offline', 'greets'), { locale: 'ar', colorScheme: 'dark' }, 'ar.gif')

  it('labels each run by what differs across the report, and sets a test that passed in one cell and failed in another side by side', () => {
    const data = buildReportData([entry(ar), entry(cell(passingTrace('offline', 'opens the panel'), { colorScheme: 'dark' }, 'p.gif')), entry(de)])
    expect(data.tests.map((t) => `${t.name} [${t.variant}]`)).toEqual(['greets [ar]', 'greets [de]', 'opens the panel [default language]'])
    expect(data.matrix).toEqual([
      { name: 'greets', file: 'ext.cua.test.ts', model: 'offline', differs: true, cells: [
        { variant: 'ar', status: 'failed', gif: 'data/ar_gif', testId: 't1' },
        { variant: 'de', status: 'passed', gif: 'data/de_gif', testId: 't2' },
      ] },
    ])
    const html = renderHtml(data)
    expect(html).toMatch(/Across the matrix · 1 test, 1 not the same in every cell/)
    expect(html).toMatch(/<a class="cell status-failed" href="#t1"><b>✗ ar<\/b><img src="data\/ar_gif"[^>]*><\/a><a class="cell status-passed" href="#t2"><b>✓ de<\/b><img src="data\/de_gif"/)
    expect(html).toContain('<span class="variant">ar</span>')
    expect(html).toMatch(/locale ar, de/)
    const md = renderMarkdown(data)
    expect(md).toContain('| ❌ | greets (ext.cua.test.ts) | ar | offline |')
    expect(md).toMatch(/### Differs across the matrix\n\n\| test \| model \| cells \|\n.*\n\| greets \(ext\.cua\.test\.ts\) \| offline \| ar ❌ · de ✅ \|/)
  })

  it('has no matrix, label or column when every run shares its browser, language and theme', () => {
    const data = buildReportData([entry(de), entry({ ...de, test: { ...de.test, name: 'other' } })])
    expect(data.tests.map((t) => t.variant)).toEqual(['', ''])
    expect(data.matrix).toEqual([])
    expect(renderHtml(data)).not.toContain('Across the matrix')
    expect(renderMarkdown(data)).toMatch(/^\|  \| test \| model \|/m)
  })

  it('ranks models on the same cell only: a case is a test in one language', () => {
    const runs = [de, ar, cell(passingTrace('openai/gpt-x', 'greets'), { locale: 'de', colorScheme: 'dark' }, 'x.gif')]
    const board = buildReportData(runs.map(entry)).leaderboard!
    expect(board.cases).toEqual(['ext.cua.test.ts › greets [de]'])
    expect(board.excluded).toEqual(['ext.cua.test.ts › greets [ar]'])
    expect(board.rows.map((r) => [r.model, r.tests, r.passed])).toEqual([['offline', 1, 1], ['openai/gpt-x', 1, 1]])
  })
})

describe('renderHtml and renderMarkdown', () => {
  const data = buildReportData([entry(failingTrace('looper', 'a | <panel>')), entry(passingTrace('solver', 'a | <panel>'))], { generatedAt: 'now' })

  it('renders every test with its graph and one hidden detail per node, escaped, with no external resource', () => {
    const html = renderHtml(data)
    expect(html.match(/<article class="test/g)).toHaveLength(2)
    expect(html.match(/<svg class="graph"/g)).toHaveLength(2)
    for (const n of data.tests.flatMap((t) => t.nodes)) {
      expect(html).toContain(`data-node="${n.id}"`)
      expect(html).toContain(`data-for="${n.id}"`)
    }
    expect(html).toContain('a | &#60;panel&#62;')
    expect(html).not.toContain('<panel>')
    expect(html).toMatch(/<tr data-model="solver"><td>1<\/td>/)
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
  })

  it('writes a Markdown table per test and the leaderboard', () => {
    const md = renderMarkdown(data, { reportPath: 'artifacts/report/index.html' })
    expect(md).toContain('## agentprobe report: 1/2 passed')
    expect(md).toContain('| ❌ | a \\| &lt;panel> (ext.cua.test.ts) | looper |')
    expect(md).toContain('### Leaderboard (1 cases run by every model)')
    expect(md).toContain('| 1 | solver | 100% |')
    expect(md).toContain('`artifacts/report/index.html`')
    expect(md).not.toContain('### Warnings')
  })

  it('shows a cut-short GIF as a warning in the page and the summary, with its frame count', () => {
    const t = failingTrace('looper', 'short gif')
    const warning = 'GIF incomplete: 2 of 8 planned frames, 3.0 s of 14.5 s'
    t.artifacts = { annotated: {}, gif: 'run.gif', gifCheck: { plannedFrames: 8, frames: 2, plannedMs: 14_500, ms: 3000 }, warnings: [warning, 'GIF not built: ffmpeg: exit 1\nInternal bug'] }
    const short = buildReportData([entry(traceSchema.parse(t))], { generatedAt: 'now' })
    const html = renderHtml(short)
    expect(html).toContain(`<p class="warning">⚠ ${warning}</p>`)
    expect(html).toContain('GIF of the run (2 frames, 3.0 s)')
    const md = renderMarkdown(short)
    expect(md).toContain(`### Warnings (not failures)\n\n| test | warning |\n| --- | --- |\n| short gif | ${warning} |\n| short gif | GIF not built: ffmpeg: exit 1 Internal bug |`)
  })
})

describe('reads in the report', () => {
  const readsTrace = (): Trace =>
    traceSchema.parse({
      schema: 'agentprobe.trace/1', test: { name: 'reads the count' }, model: 'offline', target: { kind: 'x11', width: 1920, height: 1080 },
      versions: {}, status: 'failed', startedAt: '2025-01-01T00:00:00.000Z',
      frames: [
        { file: 'phase-01-query.png', label: 'query', at: 1000 },
        { file: 'phase-02-locate.png', label: 'locate', at: 2000 },
        { file: 'phase-03-wait.png', label: 'waitFor', at: 3000 },
      ],
      runs: [
        { kind: 'query', status: 'passed', steps: [], failures: [], usage, startedAt: '2025-01-01T00:00:01.000Z', read: { verb: 'query', ask: "What does 'Saved notes:' show?", frame: 'phase-01-query.png', passed: true, value: { count: 2 }, reply: '{"count":2}', evidence: "'Saved notes:' → '2'", usage, ms: 400 } },
        { kind: 'locate', status: 'passed', steps: [], failures: [], usage, startedAt: '2025-01-01T00:00:02.000Z', read: { verb: 'locate', ask: "the 'Save note' button", frame: 'phase-02-locate.png', passed: true, point: { x: 1600, y: 300 }, box: { x: 1560, y: 290, width: 80, height: 20 }, usage, ms: 300 } },
        { kind: 'waitFor', status: 'failed', steps: [], failures: [], usage, startedAt: '2025-01-01T00:00:03.000Z', read: { verb: 'waitFor', ask: "Is 'Saved notes: 5' shown?", frame: 'phase-03-wait.png', passed: false, looks: 7, calls: 2, evidence: "Not found: 'Saved notes: 5'", error: 'did not hold within 3000 ms: 7 look(s), 2 model call(s)', usage, ms: 3000 } },
      ],
    })

  it('draws each read on its frame with the value, point, looks and evidence, in HTML and Markdown', () => {
    const data = buildReportData([{ trace: readsTrace(), asset: (f) => `data/${f}` }])
    const reads = data.tests[0]!.nodes.filter((n) => n.kind === 'read')
    expect(reads.map((n) => [n.label, n.tone, n.frame])).toEqual([
      ['Q', 'pass', 'data/phase-01-query.png'],
      ['L', 'pass', 'data/phase-02-locate.png'],
      ['W', 'fail', 'data/phase-03-wait.png'],
    ])
    expect(reads[0]!.title).toBe(`query → {"count":2} · What does 'Saved notes:' show?`)
    expect(reads[1]!.facts).toContainEqual(['point', '(1600, 300) in 80×20 at (1560, 290)'])
    expect(reads[2]!.facts).toContainEqual(['looks', '7 look(s), 2 model call(s)'])
    expect(reads[2]!.facts).toContainEqual(['evidence', "Not found: 'Saved notes: 5'"])
    expect(data.tests[0]!.nodes.filter((n) => n.kind === 'phase')).toHaveLength(0)
    expect(renderHtml(data)).toContain('<dt>value</dt><dd>{&#34;count&#34;:2}</dd>')
    const md = renderMarkdown(data)
    expect(md).toContain('### Reads (query, locate, waitFor)')
    expect(md).toContain(`| ✅ | reads the count | query → {"count":2} · What does 'Saved notes:' show? | 'Saved notes:' → '2' |`)
    expect(md).toContain('| ❌ | reads the count | waitFor → did not hold')
  })
})
