// The CLI as a user runs it: the built bin, a real Xvfb, a real Chromium, the offline model.
import { execa } from 'execa'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, readdir, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { materializeMutant } from '../fixtures/extensions/mutate.ts'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')
const extension = join(root, 'fixtures/extensions/sidepanel')
const sidepanelCase = join(root, 'examples/cases/sidepanel.yaml')

function cli(args: string[], env: Record<string, string> = {}, cwd = root) {
  // A clean environment: no DISPLAY (the CLI starts its own Xvfb) unless the test gives one.
  const { DISPLAY: _display, ...rest } = process.env
  return execa('node', [bin, ...args], { cwd, reject: false, env: { ...rest, ...env }, extendEnv: false, all: true })
}

/** An output folder the runs below never reach: they stop at their usage error. */
const unused = join(tmpdir(), 'agentprobe-cli-unused')
const tmp = (name: string) => mkdtemp(join(tmpdir(), `agentprobe-cli-${name}-`))
const json = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>

/** The seed's output layout in one case folder; returns result.json. */
async function expectSeedLayout(dir: string): Promise<Record<string, unknown>> {
  const files = await readdir(dir)
  const steps = files.filter((f) => /^step-\d\d\.png$/.test(f)).sort()
  expect(steps.length).toBeGreaterThanOrEqual(2)
  expect(steps).toEqual(steps.map((_, i) => `step-${String(i + 1).padStart(2, '0')}.png`))
  expect(files.some((f) => /^phase-\d\d-.+\.png$/.test(f))).toBe(true)
  expect(files).toEqual(expect.arrayContaining(['trace.json', 'verification.json', 'result.json']))
  const verification = await json(join(dir, 'verification.json'))
  expect(verification).toMatchObject({ passed: expect.any(Boolean), answer: expect.stringMatching(/^(YES|NO)$/), evidence: expect.any(String) })
  const result = await json(join(dir, 'result.json'))
  expect(Object.keys(result).sort()).toEqual(['failures', 'gif', 'reason', 'status', 'steps', 'usage', 'verdict'])
  // The GIF is named in result.json exactly when it was made.
  expect(result.gif === null || existsSync(join(dir, String(result.gif)))).toBe(true)
  expect(files.includes('run.gif')).toBe(result.gif === 'run.gif')
  return result
}

/** An X display number nobody uses: 99 when free, as in the seed. */
function freeDisplay(): number {
  for (let n = 99; n < 200; n++) if (!existsSync(`/tmp/.X${n}-lock`) && !existsSync(`/tmp/.X11-unix/X${n}`)) return n
  throw new Error('no free X display number')
}

describe("the seed's browser command, verbatim", () => {
  it('Xvfb :99 & then DISPLAY=:99 agentprobe run … passes and leaves the seed layout', async () => {
    const repo = await tmp('seed')
    await cp(extension, join(repo, 'dist'), { recursive: true })
    await mkdir(join(repo, 'cases'))
    await cp(sidepanelCase, join(repo, 'cases/sidepanel.yaml'))
    await mkdir(join(repo, 'bin'))
    await symlink(bin, join(repo, 'bin/agentprobe'))
    const n = freeDisplay()
    const script = [
      `Xvfb :${n} -screen 0 1920x1080x24 &`,
      'xvfb=$!',
      `DISPLAY=:${n} agentprobe run \\`,
      '  --target browser \\',
      '  --extension ./dist \\',
      '  --case cases/sidepanel.yaml \\',
      '  --output-dir artifacts/',
      'code=$?',
      'kill $xvfb; wait $xvfb',
      'exit $code',
    ].join('\n')
    const r = await execa('bash', ['-c', script], { cwd: repo, reject: false, all: true, env: { PATH: `${join(repo, 'bin')}:${process.env.PATH}` } })
    expect(r.exitCode, r.all).toBe(0)
    expect(r.all).toContain(`display :${n} (from DISPLAY)`)
    const result = await expectSeedLayout(join(repo, 'artifacts'))
    expect(result).toMatchObject({ status: 'passed', verdict: 'YES', failures: [] })
    expect(await json(join(repo, 'artifacts/verification.json'))).toMatchObject({ passed: true, answer: 'YES' })
    expect((await json(join(repo, 'artifacts/trace.json'))).versions).toMatchObject({ browser: expect.stringMatching(/Chrom/) })
    expect(await readFile(join(repo, 'artifacts/report/summary.md'), 'utf8')).toContain('sidepanel-open-test')
    // The run is in the history of the folder it ran in, not of the temporary Vitest root.
    const history = await cli(['history', '--json'], {}, repo)
    expect(history.exitCode, history.all).toBe(0)
    const { runs } = JSON.parse(history.stdout) as { runs: { test: string; outcome: string; model: string; browser: string; steps: number }[] }
    expect(runs).toEqual([expect.objectContaining({ test: 'sidepanel-open-test', outcome: 'passed', model: 'offline', browser: 'chromium' })])
    expect(runs[0]!.steps).toBeGreaterThan(0)
  })

  it('exits 1 on a broken build, and says why', async () => {
    const out = await tmp('fail')
    const broken = await materializeMutant('popup-throws')
    const r = await cli(['run', '--target', 'browser', '--extension', broken, '--case', sidepanelCase, '--output-dir', out, '--max-steps', '6'])
    expect(r.exitCode, r.all).toBe(1)
    expect(r.all).toMatch(/false_success/)
    const result = await expectSeedLayout(out)
    expect(result).toMatchObject({ status: 'failed', verdict: 'NO' })
    expect((result.failures as { type: string }[]).map((f) => f.type)).toContain('false_success')
  })
})

describe('several cases', () => {
  it('a folder of YAML, JSON and TypeScript (defineCase) cases: one output folder each', async () => {
    // The browser examples, in a repo whose node_modules/agentprobe is this package (for defineCase).
    const repo = await tmp('folder')
    await mkdir(join(repo, 'cases'))
    for (const name of ['sidepanel.yaml', 'popup.json', 'sidepanel-worker.ts']) await cp(join(root, 'examples/cases', name), join(repo, 'cases', name))
    await mkdir(join(repo, 'node_modules'))
    await symlink(root, join(repo, 'node_modules/agentprobe'))
    const out = join(repo, 'out')
    // --model wins over AGENTPROBE_MODEL (a model with no key here: it would fail the run), and the run says so.
    const r = await cli(['run', '--extension', extension, '--case', 'cases', '--output-dir', out, '--model', 'offline'], { AGENTPROBE_MODEL: 'openai/gpt-5.4' }, repo)
    expect(r.exitCode, r.all).toBe(0)
    expect(r.all).toContain('3 passed, 0 failed')
    expect(r.all).toContain('model offline (from --model)')
    // report/ is the agentprobe reporter's (index.html, summary.md): the cases run through the plugin.
    expect((await readdir(out)).sort()).toEqual(['popup-opens', 'report', 'sidepanel-open-test', 'sidepanel-talks-to-worker'])
    expect(await readFile(join(out, 'report/index.html'), 'utf8')).toContain('sidepanel-talks-to-worker')
    for (const name of ['popup-opens', 'sidepanel-open-test', 'sidepanel-talks-to-worker']) {
      expect(await expectSeedLayout(join(out, name))).toMatchObject({ status: 'passed', verdict: 'YES' })
    }
    // The generated test file is named after the case file in the trace.
    expect((await json(join(out, 'popup-opens/trace.json'))).test).toMatchObject({ name: 'popup-opens', file: 'cases/popup.json.case.test.ts' })
  }, 240_000)

  it('a glob of TypeScript cases (type-only imports, plain Node): the case url wins over --url, which opens first otherwise', async () => {
    const dir = await tmp('glob')
    const page = async (name: string, text: string) => {
      await writeFile(join(dir, name), `<html><body style="font: 28px sans-serif; margin: 40px"><p>${text}</p></body></html>`)
      return pathToFileURL(join(dir, name)).href
    }
    const tsCase = (name: string, text: string, url?: string) =>
      [
        "import type { CaseInput } from 'agentprobe'",
        '',
        'const c: CaseInput = {',
        `  name: '${name}',`,
        "  instruction: 'Wait 1 second.',",
        ...(url ? [`  url: '${url}',`] : []),
        `  verification: { prompt: "Is the page showing '${text}'?" },`,
        '}',
        'export default c',
      ].join('\n')
    await writeFile(join(dir, 'a-case-url.ts'), tsCase('case-url', 'Case page ready', await page('case.html', 'Case page ready')))
    await writeFile(join(dir, 'b-flag-url.ts'), tsCase('flag-url', 'Flag page ready'))
    const out = join(dir, 'out')
    const r = await cli(['run', '--extension', extension, '--case', join(dir, '*.ts'), '--url', await page('flag.html', 'Flag page ready'), '--output-dir', out])
    expect(r.exitCode, r.all).toBe(0)
    expect(await json(join(out, 'case-url/result.json'))).toMatchObject({ status: 'passed', verdict: 'YES' })
    expect(await json(join(out, 'flag-url/result.json'))).toMatchObject({ status: 'passed', verdict: 'YES' })
  }, 240_000)
})

describe('help', () => {
  it.each(['run', 'doctor', 'init', 'bench', 'report'])('agentprobe %s --help prints its usage and exits 0', async (command) => {
    const r = await cli([command, '--help'])
    expect(r.exitCode, r.all).toBe(0)
    expect(r.stdout).toContain(`Usage: agentprobe ${command}`)
  })
})

describe('bad usage exits 2 with a message that names the problem', () => {
  it.each([
    [['run', '--extension', extension, '--case', sidepanelCase], /--output-dir DIR is required/],
    [['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', unused, '--max-step', '3'], /unknown flag --max-step \(did you mean --max-steps\?\)/],
    [['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', unused, '--max-steps', 'ten'], /--max-steps must be a positive integer/],
    [['run', '--target', 'desktop', '--extension', extension, '--case', sidepanelCase, '--output-dir', unused], /--target must be one of browser, android/],
    [['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', unused, '--model', 'acme/x'], /unknown model "acme\/x"/],
    [['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', unused, '--avd', 'pixel_4_api28'], /--avd applies to --target android only/],
    [['run', '--extension', extension, '--case', 'examples/cases/*.toml', '--output-dir', unused], /--case examples\/cases\/\*\.toml: the pattern matches no case file/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('%j', async (args, message) => {
    const r = await cli(args)
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  it.each([
    ['wrong type', 'x.yaml', 'name: x\ninstruction: go\nmaxSteps: "ten"\n', 'x.yaml:3: maxSteps must be a positive integer'],
    ['wrong type', 'x.yaml', 'name: x\ninstruction: go\nfailureCriteria:\n  - 5\n', 'x.yaml:4: failureCriteria must be a string or a non-empty list of strings'],
    ['unknown field', 'x.yaml', 'name: x\ninstrution: go\n', 'x.yaml:2: unknown field instrution (did you mean instruction?)'],
    ['unknown field', 'x.json', '{\n  "name": "x",\n  "instruction": "go",\n  "max_steps": 3\n}\n', 'x.json:4: unknown field max_steps (did you mean maxSteps?)'],
    ['missing instruction', 'x.yaml', 'name: x\nmaxSteps: 3\n', 'x.yaml: instruction is required (or goal)'],
    ['YAML syntax error', 'x.yaml', 'name: x\ninstruction: "go\nmaxSteps: 3\n', 'x.yaml:2: YAML syntax error'],
    ['JSON syntax error', 'x.json', '{\n  "name": "x",\n  "instruction": "go",\n}\n', 'x.json:4: JSON syntax error'],
    ['TypeScript Node cannot strip', 'x.ts', "export default { name: 'x', instruction: 'go' }\nenum Mode { A }\n", 'x.ts:2: cannot load the case file: TypeScript enum is not supported in strip-only mode'],
    ['TypeScript without a default export', 'x.ts', "export const c = { name: 'x', instruction: 'go' }\n", 'x.ts: no default export'],
  ])('a bad case file (%s): file, line and field, and nothing runs', async (_kind, name, text, message) => {
    const dir = await tmp('case')
    await writeFile(join(dir, name), text)
    const out = join(dir, 'out')
    const r = await cli(['run', '--extension', extension, '--case', sidepanelCase, '--case', name, '--output-dir', out], {}, dir)
    expect(r.exitCode, r.all).toBe(2)
    expect(r.stderr).toContain(message)
    await expect(readdir(out)).rejects.toThrow()
  })

  it('a missing extension folder names the path', async () => {
    const r = await cli(['run', '--extension', '/nonexistent/ext', '--case', sidepanelCase, '--output-dir', await tmp('noext')])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/extension folder \/nonexistent\/ext does not exist/)
  })

  it('a DISPLAY that does not answer says how to start it', async () => {
    const r = await cli(['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', await tmp('nodisplay')], { DISPLAY: ':987' })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/DISPLAY=:987 does not answer after 5000 ms .*Xvfb :987 -screen 0 1920x1080x24 &/)
  })
})
