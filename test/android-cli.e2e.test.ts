// The seed's Android command, verbatim, against the device double: `--avd pixel_4_api28` finds the
// double's running emulator by its AVD name (nothing can be started here), the case launches its
// package, the loop signs in, and the output folder has the seed's layout — with --include-xml,
// the uiautomator dump beside every step frame. Runs the built CLI (npm run build first).
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { execa } from 'execa'
import { afterAll, describe, expect, it } from 'vitest'
import { DeviceDouble } from '../fixtures/android/device-double.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const examples = join(root, 'examples')
const bin = join(root, 'bin/agentprobe.js')

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

function fresh(): DeviceDouble {
  const double = DeviceDouble.create()
  made.push(double.dir)
  return double
}

async function seedCommand(extra: string[], env: Record<string, string>) {
  const out = await mkdtemp(join(tmpdir(), 'agentprobe-android-cli-'))
  made.push(out)
  const args = [bin, 'run', '--target', 'android', '--avd', 'pixel_4_api28', '--case', 'cases/mobile-flow.yaml', '--output-dir', out, ...extra]
  const { AGENTPROBE_MODEL: _model, ...rest } = process.env
  const run = await execa('node', args, { cwd: examples, reject: false, all: true, extendEnv: false, env: { ...rest, ...env } })
  return { run, out }
}

describe('agentprobe run --target android', () => {
  it('runs the seed command against the double and keeps the dumps with --include-xml', async () => {
    const double = fresh()
    const { run, out } = await seedCommand(['--include-xml'], double.env)
    expect(run.all).toMatch(/Android SDK .*fixtures\/android\/sdk \(from ANDROID_HOME\), AVD pixel_4_api28/)
    expect(run.all).toMatch(/device emulator-5554 \(AVD pixel_4_api28, already running: no emulator started\)/)
    expect(run.exitCode, run.all).toBe(0)
    const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'))
    expect(result).toMatchObject({ status: 'passed', verdict: 'YES' })
    const trace = JSON.parse(readFileSync(join(out, 'trace.json'), 'utf8'))
    expect(trace.target).toEqual({ kind: 'android', width: 1080, height: 2280 })
    const steps = trace.frames.filter((f: { file: string }) => /^step-\d+\.png$/.test(f.file))
    expect(steps.length).toBeGreaterThan(2)
    for (const frame of steps) {
      expect(frame.xml).toBe(frame.file.replace('.png', '.xml'))
      expect(readFileSync(join(out, frame.xml), 'utf8')).toMatch(/^<\?xml .*<hierarchy rotation="0">/)
    }
    expect(double.shellLines()).toContain('monkey -p com.example.app -c android.intent.category.LAUNCHER 1')
    expect(double.state().data['com.example.app']).toEqual({ session: 'demo' })
  })

  it('fails the case, exit 1, when the build under test has the sign-in regression', async () => {
    const double = fresh()
    double.install('broken')
    const { run, out } = await seedCommand([], double.env)
    expect(run.exitCode, run.all).toBe(1)
    const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'))
    expect(result.failures.map((f: { type: string }) => f.type)).toContain('false_success')
    expect(existsSync(join(out, 'step-01.xml'))).toBe(false)
  })

  it('says so when there is no device and no emulator to start', async () => {
    const double = fresh()
    double.update((s) => (s.devices = []))
    const { run } = await seedCommand([], double.env)
    expect(run.exitCode).toBe(1)
    expect(run.all).toMatch(/no device is attached and AVD pixel_4_api28 could not be started/)
  })
})
