// Two models on the same cases against a real browser: the offline model, which solves them, and a
// scripted double that clicks the same empty spot until its step budget runs out. The leaderboard
// must rank the solver first, with figures that match what the traces say.
import { readFile } from 'node:fs/promises'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { OPEN_SIDEPANEL, SIDEPANEL_SHOWS_UI } from '../../examples/sidepanel.flows.ts'
import { errorMessage } from '../../src/core/errors.ts'
import type { Model } from '../../src/core/model.ts'
import { traceFailures } from '../../src/core/scoring.ts'
import { traceSchema, type Trace } from '../../src/core/trace.ts'
import { Locator } from '../../src/grounding/locate.ts'
import { slug } from '../../src/session/artifact-paths.ts'
import { startBrowser, startDisplay, type DisplayHandle } from '../../src/browser-pool/browser-session.ts'
import { readExtensionInfo } from '../../src/browser-pool/extension-info.ts'
import { TestSession } from '../../src/session/test-session.ts'
import { OfflineModel } from '../../src/models/offline/offline-model.ts'
import { writeReport } from '../../src/report/write-report.ts'
import { ScriptedModel } from '../../src/testing/scripted-model.ts'

const extension = resolve(import.meta.dirname, '../../fixtures/extensions/sidepanel')
const CASES = [
  { name: 'opens the side panel', instruction: OPEN_SIDEPANEL, verify: SIDEPANEL_SHOWS_UI, maxSteps: 8 },
  { name: 'opens the popup', instruction: 'Click the extension icon in the Chrome toolbar.', maxSteps: 6 },
]

let display: DisplayHandle
let locator: Locator
let dir: string
const traces: string[] = []

async function runCase(model: Model, c: (typeof CASES)[number]): Promise<void> {
  const browser = await startBrowser(display, { extension })
  const session = new TestSession({
    screen: display.screen, model, locator, dir: join(dir, slug(model.id), slug(c.name)), test: { name: c.name, file: 'leaderboard.cua.test.ts' },
    versions: browser.versions, signal: browser.chrome.signal,
  })
  let error: string | undefined
  try {
    await session.agent.do(c.instruction, { maxSteps: c.maxSteps, verify: c.verify })
  } catch (e) {
    error = errorMessage(e)
  } finally {
    await session.finish(error === undefined ? 'passed' : 'failed', error)
    await browser.close()
  }
  traces.push(join(session.writer.dir, 'trace.json'))
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentprobe-leaderboard-'))
  display = await startDisplay({ size: { width: 1920, height: 1080 } })
  locator = new Locator()
  const icon = await readFile((await readExtensionInfo(extension)).iconPath!)
  const looper = new ScriptedModel(
    [{ status: 'continue', actions: [{ type: 'click', x: 700, y: 600, button: 'left' }], text: 'the middle of the page, again', usage: { inputTokens: 1500, outputTokens: 40, costUsd: 0.004 } }],
    [],
    'scripted/looper',
  )
  for (const model of [new OfflineModel({ locator, extensionIcon: icon }), looper]) for (const c of CASES) await runCase(model, c)
}, 240_000)

afterAll(async () => {
  await locator?.close()
  await display?.close()
})

it('ranks the model that solves the cases above the one that loops, with the traces’ figures', async () => {
  const report = await writeReport({ traces, outDir: join(dir, 'report') })
  const board = report.data.leaderboard!
  expect(board.rows.map((r) => [r.rank, r.model])).toEqual([[1, 'offline'], [2, 'scripted/looper']])
  expect(board.cases).toHaveLength(2)

  const loaded: Trace[] = await Promise.all(traces.map(async (t) => traceSchema.parse(JSON.parse(await readFile(t, 'utf8')))))
  for (const row of board.rows) {
    const mine = loaded.filter((t) => t.model === row.model)
    const latencies = mine.flatMap((t) => t.runs.flatMap((r) => r.steps.map((s) => s.timings.modelMs))).sort((a, b) => a - b)
    const nearest = (p: number) => latencies[Math.ceil((p / 100) * latencies.length) - 1]
    expect(row).toMatchObject({
      tests: 2,
      passed: mine.filter((t) => t.status === 'passed').length,
      steps: mine.reduce((n, t) => n + t.runs.reduce((m, r) => m + r.steps.length, 0), 0),
      tokens: mine.reduce((n, t) => n + t.runs.reduce((m, r) => m + r.usage.inputTokens + r.usage.outputTokens, 0), 0),
      latencyP50Ms: nearest(50),
      latencyP90Ms: nearest(90),
    })
    expect(row.costUsd).toBeCloseTo(mine.reduce((n, t) => n + t.runs.reduce((m, r) => m + r.usage.costUsd, 0), 0), 10)
    const types = mine.flatMap((t) => traceFailures(t).map((f) => f.type))
    for (const [type, count] of Object.entries(row.failureCounts)) expect(count, type).toBe(types.filter((t) => t === type).length)
  }
  const [solver, looper] = board.rows
  expect(solver).toMatchObject({ passed: 2, passRate: 1, tokens: 0 })
  expect(looper).toMatchObject({ passed: 0, passRate: 0, steps: 14, tokens: 14 * 1540 })
  expect(looper!.failureCounts.max_steps_exceeded).toBe(2)
  expect(looper!.failureCounts.repeated_action).toBeGreaterThan(0)
  expect(solver!.meanScore).toBeGreaterThan(looper!.meanScore)

  const html = await readFile(report.html, 'utf8')
  expect(html.indexOf('<tr data-model="offline"><td>1</td>')).toBeGreaterThan(0)
  expect(html.indexOf('<tr data-model="offline">')).toBeLessThan(html.indexOf('<tr data-model="scripted/looper">'))
  console.log(`leaderboard report: ${report.html}`)
})
