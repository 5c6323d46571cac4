// A recording made while the browser was slow to react: the model said "done" on a frame taken
// before the side panel had opened. A replay on a browser that reacts at once never shows that
// frame; it must still replay, since the screen already shows what the recording's verification saw.
import { execa } from 'execa'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { startModelDouble } from '../fixtures/model-double/index.ts'

const root = resolve(import.meta.dirname, '..')
const KEY = 'sk-cassette-test-0123456789abcdef'
const extension = join(root, 'fixtures/extensions/sidepanel')
const sidepanelCase = join(root, 'examples/cases/sidepanel.yaml')
const PROVIDER = /^(AGENTPROBE_\w+|OPENAI_\w+|AZURE_CUA_\w+|ANTHROPIC_\w+|GEMINI_\w+|DISPLAY|CI)$/

function run(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !PROVIDER.test(k))) as Record<string, string>
  return execa('node', [join(root, 'bin/agentprobe.js'), 'run', '--target', 'browser', ...args], { cwd: root, env: { ...base, ...env }, extendEnv: false, reject: false, all: true })
}

/** The Chromium processes started under `pid`. */
async function browserUnder(pid: number): Promise<number[]> {
  const { stdout } = await execa('ps', ['-eo', 'pid=,ppid=,comm='])
  const rows = stdout.trim().split('\n').map((line) => line.trim().split(/\s+/)).map(([p, pp, comm]) => ({ pid: Number(p), ppid: Number(pp), comm: comm ?? '' }))
  const under = new Set([pid])
  for (let size = 0; size !== under.size; ) {
    size = under.size
    for (const row of rows) if (under.has(row.ppid)) under.add(row.pid)
  }
  return rows.filter((row) => under.has(row.pid) && /chrom/i.test(row.comm)).map((row) => row.pid)
}

it('replays a recording whose last decision was made before the browser had drawn the click', { timeout: 240_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-slow-browser-'))
  const cassette = join(dir, 'sidepanel.cassette.json')
  let recording: number | undefined
  let resumed: Promise<void> = Promise.resolve()
  // The answer with the click on 'Open Sidepanel' reaches a browser paused for 1.5 s: it sees the
  // click only after the loop has settled, captured the next frame and heard "done".
  const double = await startModelDouble({
    apiKey: KEY,
    beforeAct: async (answered) => {
      if (answered !== 1 || recording === undefined) return
      const pids = await browserUnder(recording)
      expect(pids.length).toBeGreaterThan(0)
      for (const pid of pids) process.kill(pid, 'SIGSTOP')
      resumed = new Promise((done) => setTimeout(() => (pids.forEach((pid) => process.kill(pid, 'SIGCONT')), done()), 1500))
    },
  })
  try {
    const child = run(['--extension', extension, '--case', sidepanelCase, '--output-dir', join(dir, 'record'), '--cassette', cassette, '--cassette-mode', 'record'], { OPENAI_API_KEY: KEY, AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_BASE_URL: double.url })
    recording = child.pid
    const r = await child
    await resumed
    expect(r.exitCode, r.all).toBe(0)
  } finally {
    await resumed
    await double.close()
  }
  const recorded = JSON.parse(await readFile(join(dir, 'record', 'trace.json'), 'utf8')) as { runs: { steps: { frameHash: string }[] }[] }
  const [, clicked, done] = recorded.runs[0]!.steps
  // The frame "done" was decided on is the one the click was made on: the browser had not moved.
  expect(done!.frameHash).toBe(clicked!.frameHash)

  const r = await run(['--extension', extension, '--case', sidepanelCase, '--output-dir', join(dir, 'replay'), '--cassette', cassette], { CI: 'true' })
  expect(r.exitCode, r.all).toBe(0)
  const trace = JSON.parse(await readFile(join(dir, 'replay', 'trace.json'), 'utf8')) as { cassette: object; runs: { steps: { notes?: string[] }[] }[] }
  expect(trace.cassette).toMatchObject({ mode: 'replay', liveSteps: 0, liveVerdicts: 0 })
  expect(trace.runs[0]!.steps.at(-1)!.notes?.join(' ')).toMatch(/decided this on a screen still changing/)
})
