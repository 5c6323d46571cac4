import { mkdtemp, readFile, readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, it } from 'vitest'
import { ZERO_USAGE } from '../core/model.ts'
import { traceSchema, type TraceRun } from '../core/trace.ts'
import { TraceWriter } from './trace-writer.ts'

async function writer(secrets: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-trace-'))
  return new TraceWriter({ dir, test: { name: 'x' }, model: 'm', target: { kind: 'x11', width: 10, height: 10 }, secrets })
}

function run(): TraceRun {
  return { kind: 'agent', instruction: 'go', status: 'running', steps: [], failures: [], usage: { ...ZERO_USAGE }, startedAt: new Date().toISOString() }
}

it('names step and phase frames in order and writes a trace that matches its schema', async () => {
  const w = await writer()
  const png = new Uint8Array([1, 2, 3])
  expect(await w.saveFrame({ png: async () => png, at: 1 }, 'phase', 'Browser started')).toBe('phase-01-browser-started.png')
  expect(await w.saveFrame({ png: async () => png, at: 2 }, 'step', 'step 1')).toBe('step-01.png')
  expect(await w.saveFrame({ png: async () => png, at: 3 }, 'step', 'step 2')).toBe('step-02.png')
  w.addRun(run())
  await w.finish('passed')
  const trace = traceSchema.parse(JSON.parse(await readFile(join(w.dir, 'trace.json'), 'utf8')))
  expect(trace.frames.map((f) => f.file)).toEqual(['phase-01-browser-started.png', 'step-01.png', 'step-02.png'])
  expect(trace.status).toBe('passed')
  expect((await readdir(w.dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
})

it('redacts API keys and typed secrets from every file it writes', async () => {
  const key = 'sk-live-0123456789abcdef'
  const w = await writer([key])
  w.addSecret('correct horse battery')
  const r = run()
  r.steps.push({
    step: 1, frame: 'step-01.png', frameHash: 'h', status: 'continue', usage: { ...ZERO_USAGE },
    actions: [{ type: 'type', text: 'correct horse battery', secret: true }],
    text: `I used ${key} and typed correct horse battery`,
    timings: { captureMs: 0, modelMs: 0, actMs: 0, settleMs: 0 }, failures: [],
  })
  w.addRun(r)
  await w.flush()
  await w.writeJson('verification.json', { evidence: `saw ${key}` })
  for (const file of ['trace.json', 'verification.json']) {
    const text = await readFile(join(w.dir, file), 'utf8')
    expect(text).not.toContain(key)
    expect(text).not.toContain('correct horse battery')
  }
})

it('tells its owner when text typed as a secret is added (it may be on screen from then on), not for the keys it starts with', async () => {
  let told = 0
  const w = new TraceWriter({ dir: await mkdtemp(join(tmpdir(), 'agentprobe-trace-')), test: { name: 'x' }, model: 'm', target: { kind: 'x11', width: 10, height: 10 }, secrets: ['sk-key'], onSecret: () => told++ })
  expect(told).toBe(0)
  w.addSecret('correct horse battery')
  expect(told).toBe(1)
})

it('keeps the order of concurrent flushes (the last state wins)', async () => {
  const w = await writer()
  const r = run()
  w.addRun(r)
  const first = w.flush()
  r.status = 'failed'
  await Promise.all([first, w.flush()])
  expect(JSON.parse(await readFile(join(w.dir, 'trace.json'), 'utf8')).runs[0].status).toBe('failed')
})

it('records its own version and turns frames it cannot draw on into warnings, not errors', async () => {
  const w = await writer(['sk-live-0123456789abcdef'])
  expect(w.trace.versions.agentprobe).toMatch(/^\d+\.\d+\.\d+/)
  expect(w.redact('key sk-live-0123456789abcdef')).toBe('key •••')
  await w.saveFrame({ png: async () => new TextEncoder().encode('not a png'), at: 1 }, 'step', 'step 1')
  const artifacts = await w.buildArtifacts({ gif: false })
  expect(artifacts).toMatchObject({ annotated: {}, warnings: [expect.stringMatching(/could not annotate step-01\.png/)] })
  expect(artifacts?.gif).toBeUndefined()
  expect(JSON.parse(await readFile(join(w.dir, 'trace.json'), 'utf8')).artifacts.warnings).toHaveLength(1)
})

it('rebuilds the GIF only when a frame was added since the last build', async () => {
  const w = await writer()
  const png = async (shade: number) => new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: shade, g: 80, b: 160 } } }).png().toBuffer())
  await w.saveFrame({ png: async () => await png(10), at: 1 }, 'step', 'step 1')
  const first = await w.buildArtifacts()
  expect(first?.gif).toBe('run.gif')
  const built = (await stat(join(w.dir, 'run.gif'))).mtimeMs
  expect(await w.buildArtifacts()).toEqual(first)
  expect((await stat(join(w.dir, 'run.gif'))).mtimeMs).toBe(built)
  // A frame that cannot be annotated adds nothing to the GIF, but is not silent.
  await w.saveFrame({ png: async () => new TextEncoder().encode('not a png'), at: 2 }, 'step', 'step 2')
  expect((await w.buildArtifacts())?.warnings).toEqual([expect.stringMatching(/could not annotate step-02\.png/)])
  expect((await stat(join(w.dir, 'run.gif'))).mtimeMs).toBe(built)
  await w.saveFrame({ png: async () => await png(200), at: 3 }, 'phase', 'verification')
  const second = await w.buildArtifacts()
  expect(second?.gifCheck?.frames).toBe(2)
  expect(Object.keys(second!.annotated)).toHaveLength(2)
})
