#!/usr/bin/env node
// Harness benchmark (no model): cold start to extension ready, capture cost, and the per-step
// overhead of capture + act + settle on a scripted scenario against the fixture extension,
// printed beside a seed-style pipeline (scrot → sharp PNG level 9 → fixed 1 s wait) from the same run.
// Figures, not assertions: these machines are noisy, so compare the ratios printed side by side.
import { execa } from 'execa'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Action } from '../src/core/action.ts'
import { Locator } from '../src/grounding/locate.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { launchChrome } from '../src/targets/chrome/launcher.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'
import { extensionDir } from '../fixtures/extensions/mutate.ts'

const SIZE = { width: 1920, height: 1080 }
const RUNS = Number(process.argv[2] ?? 5)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now()
  const value = await fn()
  return [value, performance.now() - t]
}
const fmt = (ms: number) => `${ms.toFixed(0)} ms`

async function coldStart(): Promise<number[]> {
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const [{ screen, chrome }, ms] = await time(async () => {
      const screen = await X11Screen.start(SIZE)
      const chrome = await launchChrome({ display: screen.display, extensionDir: extensionDir('sidepanel'), size: SIZE })
      return { screen, chrome }
    })
    samples.push(ms)
    await chrome.close()
    await screen.close()
  }
  return samples
}

/** The seed's pipeline: scrot to a file, sharp PNG at compression 9, then a fixed 1 s wait. */
async function seedStyleStep(display: string, dir: string, perform: () => Promise<void>): Promise<number> {
  const [, ms] = await time(async () => {
    const file = join(dir, 'seed.png')
    await execa('scrot', ['-o', file], { env: { DISPLAY: display } })
    await sharp(await readFile(file)).png({ compressionLevel: 9 }).toBuffer()
    await perform()
    await new Promise((resolve) => setTimeout(resolve, 1000))
  })
  return ms
}

async function main(): Promise<void> {
  const cold = await coldStart()
  const screen = await X11Screen.start(SIZE)
  const chrome = await launchChrome({ display: screen.display, extensionDir: extensionDir('sidepanel'), size: SIZE })
  const helpers = await ChromeHelpers.connect(chrome)
  const locator = new Locator()
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-'))
  try {
    const captures: number[] = []
    for (let i = 0; i < 15; i++) captures.push((await time(() => screen.capture()))[1])
    const attached = await X11Screen.attach({ display: screen.display })
    const scrotCaptures: number[] = []
    for (let i = 0; i < 7; i++) scrotCaptures.push((await time(() => attached.capture()))[1])

    // A fixed scenario, grounded once: open the popup, close it (Escape), move the pointer away.
    const icon = await readFile(join(extensionDir('sidepanel'), 'icons/128.png'))
    const found = (await locator.locate(await screen.capture(), { image: icon })).located
    if (!found) throw new Error('bench: the extension icon was not found in the toolbar')
    const script: Action[] = [
      { type: 'click', x: found.center.x, y: found.center.y, button: 'left' },
      { type: 'keypress', keys: ['escape'] },
      { type: 'move', x: 900, y: 600 },
      { type: 'click', x: found.center.x, y: found.center.y, button: 'left' },
      { type: 'keypress', keys: ['escape'] },
      { type: 'move', x: 700, y: 500 },
    ]
    const ours: number[] = []
    const seed: number[] = []
    for (const action of script) {
      const [, ms] = await time(async () => {
        await screen.capture()
        await screen.perform(action)
        await screen.settle({ stableMs: 100, timeoutMs: 2000 })
      })
      ours.push(ms)
    }
    for (const action of script) seed.push(await seedStyleStep(screen.display, dir, () => screen.perform(action)))
    const rss = process.memoryUsage().rss

    const figures = {
      coldStartMs: Math.round(median(cold)),
      captureMs1080p: Math.round(median(captures)),
      scrotCaptureMs1080p: Math.round(median(scrotCaptures)),
      stepOverheadMs: Math.round(median(ours)),
      seedStepMs: Math.round(median(seed)),
      stepRatio: Number((median(ours) / median(seed)).toFixed(3)),
      rssMb: Math.round(rss / 2 ** 20),
      browser: chrome.version,
    }
    console.log(`cold start to extension ready   median ${fmt(median(cold))}  (${cold.map(fmt).join(', ')})`)
    console.log(`capture 1920×1080 (framebuffer)  median ${fmt(median(captures))}`)
    console.log(`capture 1920×1080 (scrot)        median ${fmt(median(scrotCaptures))}`)
    console.log(`per step, capture + act + settle median ${fmt(median(ours))}   seed-style ${fmt(median(seed))}   ratio ${figures.stepRatio}`)
    console.log(`rss ${figures.rssMb} MB`)
    console.log(JSON.stringify(figures))
    await helpers.close()
  } finally {
    await locator.close()
    await chrome.close()
    await screen.close()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
