// The CLI as a user runs it: the built bin, a real Xvfb, a real Chromium, the offline model.
import { execa } from 'execa'
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { materializeMutant } from '../fixtures/extensions/mutate.ts'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'bin/agentprobe.js')
const extension = join(root, 'fixtures/extensions/sidepanel')
const sidepanelCase = join(root, 'examples/cases/sidepanel.yaml')

function cli(args: string[], env: Record<string, string> = {}) {
  // A clean environment: no DISPLAY (the CLI starts its own Xvfb) unless the test gives one.
  const { DISPLAY: _display, ...rest } = process.env
  return execa('node', [bin, ...args], { cwd: root, reject: false, env: { ...rest, ...env }, extendEnv: false, all: true })
}

const tmp = (name: string) => mkdtemp(join(tmpdir(), `agentprobe-cli-${name}-`))

describe('agentprobe run', () => {
  it("passes the seed's side-panel case and leaves the seed's output layout", async () => {
    const out = await tmp('pass')
    const r = await cli(['run', '--target', 'browser', '--extension', extension, '--case', sidepanelCase, '--output-dir', out])
    expect(r.exitCode, r.all).toBe(0)
    const files = await readdir(out)
    expect(files).toEqual(expect.arrayContaining(['step-01.png', 'trace.json', 'verification.json', 'result.json']))
    expect(files.some((f) => f.startsWith('phase-'))).toBe(true)
    const verification = JSON.parse(await readFile(join(out, 'verification.json'), 'utf8'))
    expect(verification).toMatchObject({ passed: true, answer: 'YES' })
    const result = JSON.parse(await readFile(join(out, 'result.json'), 'utf8'))
    expect(result).toMatchObject({ status: 'passed', verdict: 'YES', failures: [] })
    expect(result.steps).toBeGreaterThanOrEqual(2)
    const trace = JSON.parse(await readFile(join(out, 'trace.json'), 'utf8'))
    expect(trace.versions.browser).toMatch(/Chrom/)
  })

  it('exits 1 on a broken build, and says why', async () => {
    const out = await tmp('fail')
    const broken = await materializeMutant('popup-throws')
    const r = await cli(['run', '--target', 'browser', '--extension', broken, '--case', sidepanelCase, '--output-dir', out, '--max-steps', '6'])
    expect(r.exitCode, r.all).toBe(1)
    expect(r.all).toMatch(/false_success/)
    const result = JSON.parse(await readFile(join(out, 'result.json'), 'utf8'))
    expect(result).toMatchObject({ status: 'failed', verdict: 'NO' })
    expect(result.failures.map((f: { type: string }) => f.type)).toContain('false_success')
  })

  it('uses the display in DISPLAY, as the seed workflow does (Xvfb :N started by hand)', async () => {
    const xvfb = execa('Xvfb', ['-screen', '0', '1920x1080x24', '-nolisten', 'tcp', '-displayfd', '3'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'], reject: false })
    const display = await new Promise<string>((done) => xvfb.stdio[3]!.once('data', (d: Buffer) => done(`:${d.toString().trim()}`)))
    try {
      const out = await tmp('display')
      const r = await cli(['run', '--target', 'browser', '--extension', extension, '--case', sidepanelCase, '--output-dir', out], { DISPLAY: display })
      expect(r.exitCode, r.all).toBe(0)
      expect(r.all).toContain(`display ${display} (from DISPLAY)`)
    } finally {
      xvfb.kill()
      await xvfb
    }
  })
})

describe('bad usage exits 2 with a message that names the problem', () => {
  it.each([
    [['run', '--extension', extension, '--case', sidepanelCase], /--output-dir DIR is required/],
    [['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', '/tmp/x', '--max-step', '3'], /unknown flag --max-step \(did you mean --max-steps\?\)/],
    [['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', '/tmp/x', '--max-steps', 'ten'], /--max-steps must be a positive integer/],
    [['run', '--target', 'desktop', '--extension', extension, '--case', sidepanelCase, '--output-dir', '/tmp/x'], /--target must be one of browser/],
    [['run', '--extension', extension, '--case', sidepanelCase, '--output-dir', '/tmp/x', '--model', 'acme/x'], /unknown model "acme\/x"/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('%j', async (args, message) => {
    const r = await cli(args)
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  it('a bad case file: file, line and field, and nothing runs', async () => {
    const dir = await tmp('case')
    const bad = join(dir, 'bad.yaml')
    await writeFile(bad, 'name: x\ninstruction: go\nmaxSteps: 0\n')
    const out = join(dir, 'out')
    const r = await cli(['run', '--extension', extension, '--case', sidepanelCase, '--case', bad, '--output-dir', out])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toContain('bad.yaml:3: maxSteps must be a positive integer')
    await expect(readdir(out)).rejects.toThrow()
  })

  it('a missing extension folder names the path', async () => {
    const r = await cli(['run', '--extension', '/nonexistent/ext', '--case', sidepanelCase, '--output-dir', await tmp('noext')])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/extension folder \/nonexistent\/ext does not exist/)
  })
})
