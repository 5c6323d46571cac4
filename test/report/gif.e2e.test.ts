// The GIF and the annotated frames with the real tools: sharp draws and encodes, ffmpeg's ffprobe
// (a reader of its own) reads back frame count, per-frame durations and size.
import { execa } from 'execa'
import { mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { annotateFrame } from '../../src/report/annotate-frame.ts'
import { checkGif, gifShortfall, planGif } from '../../src/report/gif-check.ts'
import { makeGif } from '../../src/report/make-gif.ts'
import { TraceWriter } from '../../src/report/trace-writer.ts'

const tmp = () => mkdtemp(join(tmpdir(), 'agentprobe-gif-'))

/** n distinct 1920×1080 PNG frames. */
async function frames(dir: string, n: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const file = join(dir, `f${i}.png`)
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><rect width="1920" height="1080" fill="hsl(${i * 50},70%,60%)"/><text x="100" y="300" font-size="200">${i}</text></svg>`
      await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer())
      return file
    }),
  )
}

async function probe(gif: string): Promise<{ durations: number[]; width: number; height: number }> {
  const { stdout } = await execa('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_frames', '-show_entries', 'frame=pkt_duration_time,width,height', '-of', 'json', gif])
  const parsed = JSON.parse(stdout) as { frames: { pkt_duration_time: string; width: number; height: number }[] }
  return { durations: parsed.frames.map((f) => Number(f.pkt_duration_time)), width: parsed.frames[0]!.width, height: parsed.frames[0]!.height }
}

describe('makeGif', () => {
  it('gives each frame 1.5 s, holds the last 4 s and scales to 960 px wide', async () => {
    const dir = await tmp()
    const out = join(dir, 'run.gif')
    await makeGif(await frames(dir, 5), out)
    const { durations, width, height } = await probe(out)
    expect(durations).toEqual([1.5, 1.5, 1.5, 1.5, 4])
    expect({ width, height }).toEqual({ width: 960, height: 540 })
    console.log(`5 frames, 1920×1080 → 960×540 GIF: ${(await stat(out)).size} bytes`)
  })

  it('honours custom durations and width, and drops frames evenly beyond maxFrames', async () => {
    const dir = await tmp()
    const out = join(dir, 'run.gif')
    const { frames: used } = await makeGif(await frames(dir, 7), out, { frameMs: 500, lastFrameMs: 2000, maxWidth: 640, maxFrames: 4 })
    expect(used.map((f) => f.slice(-6))).toEqual(['f0.png', 'f2.png', 'f4.png', 'f6.png'])
    const { durations, width } = await probe(out)
    expect(durations).toEqual([0.5, 0.5, 0.5, 2])
    expect(width).toBe(640)
  })

  it('pads frames of mixed sizes to one: a 3-step run keeps all 8 frames and the planned time', async () => {
    // A run as the trace writer saves it: the browser-started frame (no note band) and three steps
    // with the model's text (a note band), each also sent to the model, then the verification.
    const dir = await tmp()
    const w = new TraceWriter({ dir, test: { name: '3 steps' }, model: 'm', target: { kind: 'x11', width: 1920, height: 1080 } })
    const names = ['browser-started', 'popup-open', 'popup-open', 'sidepanel-open', 'sidepanel-open', 'sidepanel-open', 'sidepanel-open', 'sidepanel-open'] as const
    const saved: string[] = []
    for (const [i, name] of names.entries()) {
      const frame = { png: (await loadFrame(name)).png, at: 1000 + i }
      saved.push(await w.saveFrame(frame, i >= 1 && i <= 3 ? 'step' : 'phase', i >= 1 && i <= 3 ? `step ${i}` : i === 7 ? 'verification' : `frame ${i}`))
    }
    w.addRun({
      kind: 'agent', instruction: 'Open the panel', status: 'passed', startedAt: new Date().toISOString(), failures: [], usage: { inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0 },
      steps: [1, 2, 3].map((step) => ({
        step, frame: saved[step]!, frameHash: `h${step}`, actions: [{ type: 'click' as const, x: 200 * step, y: 150, button: 'left' as const }], status: step === 3 ? 'passed' as const : 'continue' as const,
        text: `step ${step}: clicked`, usage: { inputTokens: 0, cachedTokens: 0, outputTokens: 0, costUsd: 0 }, timings: { captureMs: 0, modelMs: 0, actMs: 0, settleMs: 0 }, failures: [],
      })),
    })
    const artifacts = await w.buildArtifacts()
    const heights = new Set(await Promise.all(Object.values(artifacts!.annotated).map(async (f) => (await sharp(join(dir, f)).metadata()).height)))
    expect(heights.size, 'the annotated frames differ in height').toBeGreaterThan(1)
    expect(artifacts?.warnings).toEqual([])
    expect(artifacts?.gifCheck).toEqual({ plannedFrames: 8, frames: 8, plannedMs: 14_500, ms: 14_500 })
    const { durations, width, height } = await probe(join(dir, 'run.gif'))
    expect(durations).toEqual([1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 4])
    expect(width).toBe(960)
    expect(height).toBe(Math.round((Math.max(...heights) * 960) / 1280 / 2) * 2)
    console.log(`annotated heights ${[...heights].join(', ')} → ${durations.length} GIF frames, ${durations.reduce((a, b) => a + b, 0)} s, ${width}×${height}`)
  })

  it('reads a written GIF back: fewer frames than planned is a shortfall', async () => {
    const dir = await tmp()
    const out = join(dir, 'run.gif')
    const { check } = await makeGif(await frames(dir, 5), out)
    expect(check).toEqual({ plannedFrames: 5, frames: 5, plannedMs: 10_000, ms: 10_000 })
    const against8 = await checkGif(out, planGif(8, 1500, 4000))
    expect(against8).toMatchObject({ frames: 5, ms: 10_000 })
    expect(gifShortfall(against8)).toBe('GIF incomplete: 5 of 8 planned frames, 10.0 s of 14.5 s')
  })

  it('a GIF that cannot be built is a warning in the trace, not an error', async () => {
    const dir = await tmp()
    const w = new TraceWriter({ dir, test: { name: 'x' }, model: 'm', target: { kind: 'x11', width: 1920, height: 1080 } })
    const frame = await loadFrame('popup-open')
    await w.saveFrame(frame, 'step', 'step 1')
    // run.gif's place is taken by a folder: the GIF cannot be written there
    await mkdir(join(dir, 'run.gif'))
    const artifacts = await w.buildArtifacts()
    expect(artifacts?.annotated).toEqual({ 'step-01.png': 'annotated/step-01.png' })
    expect(artifacts?.gif).toBeUndefined()
    expect(artifacts?.warnings).toEqual([expect.stringMatching(/^GIF not built: .*run\.gif/)])
    expect(await readdir(dir), 'no half-written GIF is left behind').not.toContainEqual(expect.stringMatching(/\.tmp$/))
  })
})

it('marks the click on the frame the model saw, under a header line, at most 1280 px wide', async () => {
  const frame = await loadFrame('popup-open')
  const source = await frame.png()
  const png = await annotateFrame(source, {
    file: 'step-02.png', at: 0, header: "step 2/15 · click (1594, 153) · model 611 ms", tone: 'step',
    actions: [{ type: 'click', x: 1594, y: 153, button: 'left' }], note: "clicked 'Open Sidepanel'",
  })
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  expect(info.width).toBe(1280)
  expect(info.height).toBeGreaterThan(720)
  const top = info.height - 720 - 28
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
  // The ring's right edge (radius 22 px at this width) is the marker's red; the header band is dark.
  const [r, g, b] = pixel(Math.round(1594 * (1280 / 1920)) + 22, Math.round(153 * (1280 / 1920)) + top)
  expect(r).toBeGreaterThan(200)
  expect(g).toBeLessThan(100)
  expect(b).toBeLessThan(140)
  expect(pixel(640, 5).every((c) => c < 80)).toBe(true)
  // Compressed: a UI frame in tens of KB (its pixels are 3 MB).
  expect(png.length).toBeLessThan(200_000)
  console.log(`annotated 1920×1080 frame → ${info.width}×${info.height}, ${png.length} bytes (source PNG ${source.length} bytes)`)
})
