// The GitHub Actions templates under examples/github cannot run here: their YAML, shell and
// script are checked for structure and syntax instead.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

interface Step {
  name?: string
  uses?: string
  if?: string
  run?: string
  env?: Record<string, string>
  with?: Record<string, unknown>
}
interface Workflow {
  on: string[]
  jobs: Record<string, { 'runs-on': string; permissions?: Record<string, string>; steps: Step[] }>
}

const read = (name: string) => readFileSync(resolve(import.meta.dirname, '../../examples/github', name), 'utf8')
const stepsOf = (w: Workflow) => Object.values(w.jobs).flatMap((job) => job.steps)
/** A shell block as one line per command: `\` continuations joined, spaces collapsed. */
const commands = (run = '') => run.replace(/\\\n\s*/g, ' ').split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean)
const AsyncFunction = (async () => undefined).constructor as new (...args: string[]) => unknown

function expectValidShellAndScripts(steps: Step[]) {
  for (const step of steps) {
    if (step.run) {
      // GitHub substitutes ${{ … }} before the shell sees the block.
      const r = spawnSync('bash', ['-n'], { input: step.run.replace(/\$\{\{[^}]*\}\}/g, 'x'), encoding: 'utf8' })
      expect(r.status, `${step.name}: ${r.stderr}`).toBe(0)
    }
    if (step.uses?.startsWith('actions/github-script')) expect(() => new AsyncFunction('github', 'context', 'require', String(step.with?.script))).not.toThrow()
  }
}

describe('examples/github/browser-cua.yml', () => {
  const workflow = parse(read('browser-cua.yml')) as Workflow
  const steps = stepsOf(workflow)
  const step = (name: string) => steps.find((s) => s.name === name || s.uses?.startsWith(name))!

  it('runs the seed command, verbatim, after Xvfb :99 with the secrets by the seed names', () => {
    expect(workflow.on).toEqual(['push', 'pull_request'])
    const run = step('Run computer-use tests')
    expect(commands(run.run)).toEqual([
      'Xvfb :99 -screen 0 1920x1080x24 &',
      'DISPLAY=:99 agentprobe run --target browser --extension ./dist --case cases/sidepanel.yaml --output-dir artifacts/',
    ])
    expect(run.env).toEqual({ AZURE_CUA_API_KEY: '${{ secrets.AZURE_CUA_API_KEY }}', AZURE_CUA_BASE_URL: '${{ secrets.AZURE_CUA_BASE_URL }}' })
  })

  it('installs the system packages and a Chromium that loads unpacked extensions, and puts agentprobe on PATH', () => {
    const apt = steps.find((s) => s.run?.includes('apt-get install'))!
    for (const pkg of ['xvfb', 'xdotool', 'scrot', 'matchbox-window-manager']) expect(apt.run).toMatch(new RegExp(`\\b${pkg}\\b`))
    expect(step('browser-actions/setup-chrome')).toMatchObject({ uses: 'browser-actions/setup-chrome@v2', with: { 'chrome-version': 'stable' } })
    expect(steps.map((s) => s.run ?? '').join('\n')).toContain('node_modules/.bin" >> "$GITHUB_PATH"')
    expect(steps.map((s) => s.run ?? '').join('\n')).toContain('CHROME_PATH=${{ steps.chrome.outputs.chrome-path }}')
  })

  it('always uploads artifacts/, writes the Markdown summary and comments on the PR with the GIF', () => {
    expect(step('actions/upload-artifact')).toMatchObject({ if: 'always()', with: { path: 'artifacts/' } })
    // The reporter appends the summary to $GITHUB_STEP_SUMMARY itself; a run that died before it gets a line.
    expect(step('Summary, when agentprobe could not write one')).toMatchObject({
      if: "${{ failure() && hashFiles('artifacts/report/summary.md') == '' }}",
      run: expect.stringContaining('>> "$GITHUB_STEP_SUMMARY"'),
    })
    for (const s of steps.filter((s) => s.run?.includes('agentprobe run'))) expect(s.env).not.toHaveProperty('GITHUB_STEP_SUMMARY')
    expect(step('Publish the GIFs for the PR comment').run).toContain('-name run.gif')
    const comment = step('actions/github-script')
    expect(comment.if).toContain("steps.gifs.outcome == 'success'")
    expect(String(comment.with?.script)).toMatch(/createComment[\s\S]*gifs\.md|gifs\.md[\s\S]*createComment/)
    expect(Object.values(workflow.jobs)[0]!.permissions).toMatchObject({ 'pull-requests': 'write' })
  })

  it('holds valid shell in every run block and valid JavaScript in the comment script', () => expectValidShellAndScripts(steps))
})

describe('examples/github/android-cua.yml', () => {
  const workflow = parse(read('android-cua.yml')) as Workflow
  const steps = stepsOf(workflow)

  it("runs the seed's Android command on android-emulator-runner@v2 with the pixel_4_api28 AVD", () => {
    const emulator = steps.find((s) => s.uses?.startsWith('reactivecircus/android-emulator-runner'))!
    expect(emulator.uses).toBe('reactivecircus/android-emulator-runner@v2')
    expect(emulator.with).toMatchObject({ 'api-level': 28, profile: 'pixel_4', 'avd-name': 'pixel_4_api28' })
    const lines = String(emulator.with?.script).trim().split('\n')
    // The runner runs each line on its own: no line may continue onto the next.
    for (const line of lines) expect(line.trimEnd()).not.toMatch(/\\$/)
    expect(lines).toContain('agentprobe run --target android --avd pixel_4_api28 --case cases/mobile-flow.yaml --output-dir artifacts/')
    expect(emulator.env).toEqual({ AZURE_CUA_API_KEY: '${{ secrets.AZURE_CUA_API_KEY }}', AZURE_CUA_BASE_URL: '${{ secrets.AZURE_CUA_BASE_URL }}' })
  })

  it('enables KVM and always uploads artifacts/', () => {
    expect(steps.find((s) => s.name === 'Enable KVM')?.run).toContain('KERNEL=="kvm", GROUP="kvm", MODE="0666"')
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))).toMatchObject({ if: 'always()', with: { path: 'artifacts/' } })
    expectValidShellAndScripts(steps)
  })
})
