// Firefox through the plugin, as a user runs it: a real firefox-esr under Xvfb, the extension
// installed over WebDriver BiDi, the keyless offline model clicking the toolbar button and a button
// in the popup with real input. With `browsers: ['chromium', 'firefox']` every file runs once per
// browser, its own project: the popup flow (three files, so the reset between them runs in the same
// browser) and the `chrome` fixture's helpers, written once, pass on both. With `browser: 'firefox'`
// a build whose popup button does nothing fails, saying the count never changed. Once beside a busy
// core: it must hold under load.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { execa } from 'execa'
import { describe, expect, it, onTestFinished } from 'vitest'
import { copyWithEdits } from '../bench/build.ts'
import { artifactDirFor } from '../src/session/artifact-paths.ts'
import type { Trace } from '../src/core/trace.ts'
import { loadTheMachine } from './cpu-burner.ts'

const root = resolve(import.meta.dirname, '..')
const PROJECT = join(root, 'test', 'firefox-project')
const GOOD = join(root, 'fixtures', 'extensions', 'cross-browser')
const PROVIDER = /^(AGENTPROBE_\w+|OPENAI_\w+|AZURE_\w+|ANTHROPIC_\w+|GEMINI_\w+|GOOGLE_\w+|DISPLAY|CI|VITEST\w*)$/

/** One `vitest run` of the Firefox project on `extension` (on each of `browsers` when given), with no model key in its environment. */
async function vitest(extension: string, files: string[] = [], browsers?: string[]) {
  const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-firefox-e2e-'))
  onTestFinished(() => rm(artifacts, { recursive: true, force: true }))
  const base = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !PROVIDER.test(k))) as Record<string, string>
  const run = await execa(join(root, 'node_modules', '.bin', 'vitest'), ['run', '--config', join(PROJECT, 'vitest.config.ts'), ...files], {
    cwd: root,
    env: { ...base, NO_COLOR: '1', FIREFOX_EXTENSION: extension, FIREFOX_ARTIFACTS: artifacts, ...(browsers && { FIREFOX_BROWSERS: browsers.join(',') }) },
    extendEnv: false,
    reject: false,
    all: true,
  })
  return { ...run, artifacts }
}

async function traceOf(artifacts: string, file: string, test: string): Promise<Trace> {
  return JSON.parse(await readFile(join(artifactDirFor(artifacts, file, test), 'trace.json'), 'utf8')) as Trace
}

describe('Firefox through the plugin, keyless', () => {
  it("runs every file once per browser with browsers: ['chromium', 'firefox']: the popup flow and the chrome fixture's helpers pass on both", async () => {
    const run = await vitest(GOOD, [], ['chromium', 'firefox'])
    expect(run.exitCode, run.all).toBe(0)
    expect(run.all).toMatch(/Tests\s+8 passed \(8\)/)
    expect(run.all, 'the browser looked half drawn to the pool').not.toContain('did not look fully drawn')
    // Each file is a test of each browser's project, named by the browser.
    for (const browser of ['chromium', 'firefox']) {
      for (const file of ['popup', 'fresh', 'helpers']) expect(run.all).toMatch(new RegExp(`✓ \\|${browser}\\| ${file}\\.cua\\.test\\.ts`))
    }
    // Each project ran in its own browser, its artifacts in a folder of its own.
    const firefox = await traceOf(join(run.artifacts, 'firefox'), 'popup.cua.test.ts', 'the popup counts a click')
    const chromium = await traceOf(join(run.artifacts, 'chromium'), 'popup.cua.test.ts', 'the popup counts a click')
    expect(firefox.versions?.browser).toMatch(/^Mozilla Firefox \d+\./)
    expect(chromium.versions?.browser).toMatch(/^Chromium \d+\./)
    // `.not.toVerify`: its NO passed at once, no second look waited for the screen to change.
    for (const trace of [firefox, chromium]) {
      const negated = trace.runs.find((r) => r.kind === 'verify' && r.verification?.question.includes('Count: 2'))
      expect(negated).toMatchObject({ status: 'passed', verification: { answer: 'NO' } })
      expect(negated?.verification?.firstLook).toBeUndefined()
    }
    // The report's matrix names the browser of each run.
    expect(await readFile(join(run.artifacts, 'report', 'index.html'), 'utf8')).toContain('the run in firefox')
    const clicks = firefox.runs[0]!.steps.flatMap((s) => s.actions)
    // Firefox's toolbar button sits in the toolbar row, right of the address bar.
    expect(clicks[0]).toMatchObject({ type: 'click' })
    expect((clicks[0] as { y: number }).y).toBeLessThan(120)
  })

  it('fails a build whose popup button does nothing, on the count that never changed (beside a busy core)', async () => {
    const burner = loadTheMachine()
    onTestFinished(burner.stop)
    const broken = await copyWithEdits(GOOD, [{ file: 'popup.js', find: 'count += 1', replace: 'count += 0' }], { label: 'firefox-dead-button' })
    onTestFinished(() => rm(broken, { recursive: true, force: true }))
    const run = await vitest(broken, ['popup.cua.test.ts'])
    expect(run.exitCode, run.all).toBe(1)
    expect(run.all).toMatch(/Tests\s+1 failed \(1\)/)
    // The popup was open (its heading and button read) and the count was not what a click makes.
    expect(run.all).toContain("expected the screen to show 'Count: 1'")
    expect(run.all).toMatch(/visible text: .*Tally Both.*Add one/)
    expect(run.all, `${burner.said}: the run failed for another reason`).not.toMatch(/did not become ready|exited unexpectedly|AGENTPROBE_TARGET/)
  })
})
