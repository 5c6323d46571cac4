// The GIF and the annotated frames with the real tools: sharp draws, ffmpeg encodes, ffprobe reads
// back frame count, per-frame durations and size.
import { execa } from 'execa'
import { mkdtemp, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { loadFrame } from '../../fixtures/frames/index.ts'
import { annotateFrame } from '../../src/report/annotate-frame.ts'
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
    const used = await makeGif(await frames(dir, 7), out, { frameMs: 500, lastFrameMs: 2000, maxWidth: 640, maxFrames: 4 })
    expect(used.map((f) => f.slice(-6))).toEqual(['f0.png', 'f2.png', 'f4.png', 'f6.png'])
    const { durations, width } = await probe(out)
    expect(durations).toEqual([0.5, 0.5, 0.5, 2])
    expect(width).toBe(640)
  })

  it('a GIF that cannot be built is a warning in the trace, not an error', async () => {
    const dir = await tmp()
    const w = new TraceWriter({ dir, test: { name: 'x' }, model: 'm', target: { kind: 'x11', width: 1920, height: 1080 } })
    const frame = await loadFrame('popup-open')
    await w.saveFrame(frame, 'step', 'step 1')
    const artifacts = await w.buildArtifacts({ gif: { ffmpegPath: join(dir, 'no-such-ffmpeg') } })
    expect(artifacts?.annotated).toEqual({ 'step-01.png': 'annotated/step-01.png' })
    expect(artifacts?.gif).toBeUndefined()
    expect(artifacts?.warnings).toEqual([expect.stringMatching(/^GIF not built: ffmpeg/)])
  })
})

it('marks the click on the frame the model saw, under a header line, at most 1280 px wide', async () => {
  const frame = await loadFrame('popup-open')
  const png = await annotateFrame(frame.png, {
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
  // A palette PNG: bounded size whatever the screen shows.
  expect(png.length).toBeLessThan(200_000)
  console.log(`annotated 1920×1080 frame → ${info.width}×${info.height}, ${png.length} bytes (source PNG ${frame.png.length} bytes)`)
})
