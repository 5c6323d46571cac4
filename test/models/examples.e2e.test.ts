// The acceptance runs: the example suite (the passing example and its broken variants) through the
// plugin, and the seed's `agentprobe run` command line, with each adapter pointed at the model
// double by environment variables only — exactly as a user's CI would point them at a provider.
// Each run starts its own Xvfb and Chromium, so they are few; `npm run build` must be current.
import { execa } from 'execa'
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startModelDouble, type ModelDouble } from '../../fixtures/model-double/index.ts'
import type { Trace } from '../../src/core/trace.ts'
import { EXTENSION, ROOT } from './support.ts'

const KEY = 'sk-double-examples-7f3a9c1e5b2d4680'
const PROVIDER_VARIABLES = /^(AGENTPROBE_MODEL|AGENTPROBE_BASE_URL|AGENTPROBE_API_KEY|OPENAI_\w+|AZURE_CUA_\w+|ANTHROPIC_\w+|GEMINI_\w+|DISPLAY)$/
let double: ModelDouble

beforeAll(async () => {
  double = await startModelDouble({ apiKey: KEY })
})

afterAll(async () => {
  await double?.close()
})

/** The environment a user's CI would have: none of this machine's provider variables, plus `env`. */
function cleanEnv(env: Record<string, string>): Record<string, string> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !PROVIDER_VARIABLES.test(k))) as Record<string, string>
  // These runs check the adapters live: no cassette is read, and none is left beside the examples.
  return { ...base, AGENTPROBE_CASSETTE: 'off', ...env }
}

async function traces(dir: string): Promise<Trace[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('trace.json'))
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as Trace))
}

async function allText(dir: string): Promise<string> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && !/\.(png|gif)$/.test(e.name))
  return (await Promise.all(files.map((e) => readFile(join(e.parentPath, e.name), 'utf8')))).join('\n')
}

/**
 * The example suite through the plugin, configured by environment variables alone, on three wires:
 * the Responses API with every broken variant, then Claude's and Gemini's own tools with the example
 * and the variant their verifier must refuse (a NO through that wire's reply shape). The other
 * adapters drive the same loop in-process in adapters.e2e (a child Vitest run each cost a browser
 * and a Vitest start for what the plugin path here already shows).
 */
const FULL = ['examples/sidepanel.cua.test.ts', 'examples/broken/']
const REFUSES = ['examples/sidepanel.cua.test.ts', 'examples/broken/popup-throws.cua.test.ts']
const SUITES: [name: string, env: Record<string, string>, model: string, api: 'responses' | 'anthropic' | 'gemini', files: string[]][] = [
  ['AGENTPROBE_MODEL=openai/gpt-5.4 (GA computer tool)', { AGENTPROBE_MODEL: 'openai/gpt-5.4', OPENAI_API_KEY: KEY }, 'gpt-5.4', 'responses', FULL],
  ['AGENTPROBE_MODEL=gemini/gemini-2.5-computer-use-preview-10-2025 (native computerUse tool, @google/genai)', { AGENTPROBE_MODEL: 'gemini/gemini-2.5-computer-use-preview-10-2025', GEMINI_API_KEY: KEY }, 'gemini-2.5-computer-use-preview-10-2025', 'gemini', REFUSES],
  ['Claude through ANTHROPIC_API_KEY alone, no model named (the beta computer tool of claude-sonnet-4-6)', { ANTHROPIC_API_KEY: KEY }, 'claude-sonnet-4-6', 'anthropic', REFUSES],
]

describe('the example suite through each adapter, against the double', () => {
  it.each(SUITES)('%s', async (_name, env, model, api, files) => {
    const artifacts = await mkdtemp(join(tmpdir(), 'agentprobe-examples-'))
    const before = double.calls.length
    const urls = { OPENAI_BASE_URL: double.url, GEMINI_BASE_URL: double.origin, ANTHROPIC_BASE_URL: double.origin }
    // The examples of the browser's own surfaces (context menu, shortcut, permission prompt, worker
    // restart) run keyless in `npm run example`.
    const r = await execa('npx', ['vitest', 'run', '--project', 'examples', ...files], { cwd: ROOT, env: cleanEnv({ ...env, ...urls, AGENTPROBE_ARTIFACTS_DIR: artifacts }), extendEnv: false, reject: false, all: true })
    expect(r.exitCode, r.all).toBe(0)
    expect(r.all).toMatch(/agentprobe \[examples\]: model \S+ \(/)
    expect(r.all).not.toContain(KEY)
    const calls = double.calls.slice(before)
    expect(calls.filter((c) => c.kind === 'act').length).toBeGreaterThanOrEqual(files === FULL ? 6 : 4)
    expect(calls.filter((c) => c.kind === 'verify').length).toBeGreaterThanOrEqual(3)
    expect(calls.every((c) => c.api === api && !c.azure && c.model === model && c.status === 200)).toBe(true)
    const all = await traces(artifacts)
    // The broken variant fails the way it should: the loop claimed success, the verifier said no.
    const throws = all.find((t) => t.test.file?.includes('popup-throws'))
    expect(throws?.runs.flatMap((run) => run.failures.map((f) => f.type))).toContain('false_success')
    expect(all.every((t) => t.model.endsWith(model))).toBe(true)
    expect(await allText(artifacts)).not.toContain(KEY)
  }, 300_000)
})

describe('agentprobe run, unchanged, with OPENAI_BASE_URL pointing at the double', () => {
  it('passes the seed case with --model openai/gpt-5.4, and leaves no key in its output', async () => {
    const out = await mkdtemp(join(tmpdir(), 'agentprobe-cli-double-'))
    const before = double.calls.length
    const args = ['run', '--target', 'browser', '--extension', EXTENSION, '--case', join(ROOT, 'examples/cases/sidepanel.yaml'), '--output-dir', out, '--model', 'openai/gpt-5.4']
    // The package's own bin, as a user's node_modules/.bin/agentprobe runs it: `npx agentprobe` inside
    // this repo may install the package into npm's cache first, rebuilding dist/ under the other tests.
    const r = await execa(process.execPath, [join(ROOT, 'bin/agentprobe.js'), ...args], { cwd: ROOT, env: cleanEnv({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: double.url }), extendEnv: false, reject: false, all: true })
    expect(r.exitCode, r.all).toBe(0)
    expect(r.all).toMatch(/agentprobe( \[\w+\])?: model openai\/gpt-5\.4 \(/)
    expect(r.all).not.toContain(KEY)
    const result = JSON.parse(await readFile(join(out, 'result.json'), 'utf8'))
    expect(result).toMatchObject({ status: 'passed', verdict: 'YES' })
    expect(result.usage.inputTokens).toBeGreaterThan(0)
    expect(result.usage.costUsd).toBeGreaterThan(0)
    expect(double.calls.slice(before).some((c) => c.kind === 'verify' && c.model === 'gpt-5.4')).toBe(true)
    expect(await allText(out)).not.toContain(KEY)
  }, 300_000)
})
