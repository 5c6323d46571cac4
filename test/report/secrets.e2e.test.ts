// Secret text stays masked in what the report layer shows, not only in what it writes: the live
// progress lines (terminal and CI logs), the frame captions and the report page.
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Locator } from '../../src/grounding/locate.ts'
import { startBrowser, startDisplay, type BrowserHandle, type DisplayHandle } from '../../src/browser-pool/browser-session.ts'
import { TestSession } from '../../src/session/test-session.ts'
import { frameNotes } from '../../src/report/frame-notes.ts'
import { writeReport } from '../../src/report/write-report.ts'
import { recordRuns } from '../../src/history/record-runs.ts'
import { ScriptedModel } from '../../src/testing/scripted-model.ts'

const KEY = 'sk-live-secret-0123456789'
const PASSWORD = 'correct-horse-battery'
let display: DisplayHandle
let browser: BrowserHandle
let locator: Locator

beforeAll(async () => {
  display = await startDisplay({ size: { width: 1280, height: 720 } })
  browser = await startBrowser(display, { extension: resolve(import.meta.dirname, '../../fixtures/extensions/sidepanel') })
  locator = new Locator()
}, 60_000)

afterAll(async () => {
  await locator?.close()
  await browser?.close()
  await display?.close()
})

it('masks a known key and a secret-flagged text in progress lines, captions and the report', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-secrets-'))
  const model = new ScriptedModel([
    { status: 'continue', actions: [{ type: 'type', text: `key ${KEY}` }], text: `typing ${KEY}` },
    { status: 'continue', actions: [{ type: 'type', text: PASSWORD, secret: true }] },
    { status: 'passed', actions: [], text: 'done' },
  ])
  const lines: string[] = []
  const session = new TestSession({ screen: display.screen, model, locator, dir, test: { name: 'secrets' }, secrets: [KEY], progress: (l) => lines.push(l) })
  await session.agent.do('Type the key, then the password.', { maxSteps: 5 })
  await session.finish('passed')

  expect(lines).toHaveLength(3)
  expect(lines[0]).toContain('type "key •••"')
  expect(lines[1]).toContain('type •••')
  for (const line of lines) expect(line).not.toMatch(new RegExp(`${KEY}|${PASSWORD}`))

  const notes = frameNotes(session.writer.trace, (t) => session.writer.redact(t))
  expect(notes.map((n) => `${n.header} ${n.note ?? ''}`).join('\n')).not.toMatch(new RegExp(`${KEY}|${PASSWORD}`))
  expect(Object.keys(session.writer.trace.artifacts!.annotated)).toHaveLength(3)

  const report = await writeReport({ traces: [join(dir, 'trace.json')], outDir: join(dir, 'report') })
  for (const file of [report.html, report.markdown, join(dir, 'trace.json')]) expect(await readFile(file, 'utf8')).not.toMatch(new RegExp(`${KEY}|${PASSWORD}`))
  expect(await readdir(join(dir, 'annotated'))).toEqual(['step-01.png', 'step-02.png', 'step-03.png'])

  // The run history keeps the steps' actions and texts: masked there too.
  const history = join(dir, 'history.sqlite')
  const summary = await recordRuns({ location: { kind: 'sqlite', path: history }, gifDir: join(dir, 'gifs'), traces: [{ path: join(dir, 'trace.json') }], context: {}, log: () => undefined })
  expect(summary?.summary.runs).toBe(1)
  const stored = Buffer.concat(await Promise.all((await readdir(dir)).filter((f) => f.startsWith('history.sqlite')).map((f) => readFile(join(dir, f)))))
  expect(stored.toString('utf8')).toContain('type "key •••"')
  expect(stored.toString('utf8')).not.toMatch(new RegExp(`${KEY}|${PASSWORD}`))
})
