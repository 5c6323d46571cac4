#!/usr/bin/env node
// Harness benchmark (no model): cold start to extension ready, warm reload after a rebuild,
// capture cost at two sizes (split into read, hash, scan and PNG, beside the previous layout that did
// all of it at capture, and beside scrot), the per-step overhead of capture + act + settle on a
// scripted scenario beside that previous layout and a seed-style pipeline (scrot → sharp PNG level 9
// → fixed 1 s wait) from the same run, peak RSS, and suite throughput with 1, 2 and all workers (the
// medians of three rounds, the worker counts taking turns), with where the suite's CPU goes (its main process, workers, browsers, the display, short-lived tools, and how often every core was busy at once)
// and its wall time (a file's test, the time between a worker's files, the run's start and end).
// Figures, not assertions: these machines are noisy, so compare the ratios printed side by side.
// Ends with one JSON line.
import { execa } from 'execa'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import type { Action } from '../src/core/action.ts'
import { contentHash, type Frame } from '../src/core/frame.ts'
import { waitForStable } from '../src/core/screen.ts'
import { AGENT_DEFAULTS } from '../src/agent/options.ts'
import { encodeCanvas } from '../src/models/canvas-image.ts'
import { scanPixels } from '../src/targets/frame-encoder.ts'
import { xwdPixels } from '../src/targets/x11/xwd.ts'
import { Locator } from '../src/grounding/locate.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { loadExtensionDir } from '../src/targets/chrome/extension-dir.ts'
import { reloadExtension } from '../src/targets/chrome/extension-reload.ts'
import { reloadInPlace } from '../src/targets/chrome/extensions-page.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'
import { performXdotool } from '../src/targets/x11/xdotool.ts'
import { extensionDir } from '../fixtures/extensions/mutate.ts'
import { watchMachineCpu, watchTreeCpu, type TreeCpu } from './tree-cpu.ts'

const SIZE = { width: 1920, height: 1080 }
/** A 1920×1080 screen fitted into the default canvas (1280×800). */
const MODEL_CANVAS = { width: 1280, height: 720 }
const SMALL = { width: 1280, height: 720 }
const REPAINTING = '<body><script>let i = 0; (function paint() { document.body.style.background = `hsl(${i++ % 360} 60% 50%)`; requestAnimationFrame(paint) })()</script>'
const ROOT = resolve(import.meta.dirname, '..')
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

/**
 * One reload after a rebuild, as `reloadExtension` times it (until the new worker answers), split:
 * when the reload call answered and when the new worker was first listed, both from the reload's
 * start. Between the two, Chromium unloads the old build and registers and starts the new worker.
 * `route`: as the product reloads (chrome://extensions' Reload button), or the previous way (Extensions.loadUnpacked).
 */
async function splitReload(helpers: ChromeHelpers, chrome: ChromeProcess, route: 'button' | 'loadUnpacked'): Promise<{ ms: number; call: number; listed: number }> {
  const dir = await loadExtensionDir(chrome.extensionPath!)
  const worker = { type: 'service_worker', url: new RegExp(`^chrome-extension://${dir.id}/`) }
  const old = new Set((await helpers.targets(worker)).map((t) => t.id))
  const started = performance.now()
  let call = NaN
  let listed = NaN
  let done = false
  const watch = (async () => {
    for (; !done && Number.isNaN(listed); await new Promise((resolve) => setTimeout(resolve, 10))) {
      if ((await helpers.targets(worker)).some((t) => !old.has(t.id))) listed = performance.now() - started
    }
  })()
  let ms: number
  try {
    const loadUnpacked = () => chrome.loadUnpacked(dir.path)
    const reload = route === 'button' ? reloadInPlace(helpers, dir.id, loadUnpacked) : loadUnpacked
    ms = await reloadExtension(helpers, dir, async () => {
      await reload()
      call = performance.now() - started
    })
  } finally {
    // (a reload that throws must not leave the watch polling)
    done = true
    await watch
  }
  return { ms, call, listed }
}

/**
 * The previous capture layout, for comparison in the same run: the framebuffer read, scanned, hashed
 * and encoded as PNG at capture, whatever the frame was for.
 */
async function previousCapture(path: string): Promise<void> {
  const raw = await readFile(path)
  const { rgb } = scanPixels(xwdPixels(raw))
  await Promise.all([sharp(rgb, { raw: { width: SIZE.width, height: SIZE.height, channels: 3 } }).png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer(), contentHash(rgb)])
}

/** What the loop does with a step's frame before the model is called: hash, blank check (the scan), and the encode at the model's canvas. */
async function readyForModel(frame: Frame): Promise<void> {
  void frame.hash
  void frame.luma
  await encodeCanvas(frame, MODEL_CANVAS)
}

/** The seed's pipeline: scrot to a file, sharp PNG at compression 9, an xdotool process for the action, then a fixed 1 s wait. */
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

/**
 * CPU a second of settle costs on a screen that does not change (it polls every 25 ms): reading only
 * when the X server says it drew, beside every poll's read compared with the last, and a fresh read
 * hashed each time.
 */
async function settleCpuMs(screen: X11Screen): Promise<{ compare: number; read: number; hash: number }> {
  const cpu = async (watch: () => Promise<unknown>) => {
    const before = process.cpuUsage()
    await watch()
    const used = process.cpuUsage(before)
    return (used.user + used.system) / 1000
  }
  const compare = await cpu(() => screen.settle({ stableMs: 1000, reactionMs: 1000, timeoutMs: 2000 }))
  // The layout before the server's damage events: every poll reads the framebuffer and compares it.
  let last: Buffer | undefined
  const readEachPoll = async () => {
    const next = await readFile(screen.framebufferPath!)
    const changed = last !== undefined && !next.equals(last)
    last = next
    return changed ? performance.now() : undefined
  }
  const read = await cpu(() => waitForStable(readEachPoll, { stableMs: 1000, reactionMs: 1000, timeoutMs: 2000 }))
  const hash = await cpu(async () => {
    for (const end = performance.now() + 1000; performance.now() < end; ) {
      contentHash(await readFile(screen.framebufferPath!))
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  })
  return { compare, read, hash }
}

async function main(): Promise<void> {
  const cold = await coldStart()
  const screen = await X11Screen.start(SIZE)
  const chrome = await launchChrome({ display: screen.display, extensionDir: extensionDir('sidepanel'), size: SIZE })
  const helpers = await ChromeHelpers.connect(chrome)
  const locator = new Locator()
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-'))
  try {
    // A page that repaints every frame: each capture is a new frame, read, scanned and encoded.
    const moving = await helpers.openPage(`data:text/html,${encodeURIComponent(REPAINTING)}`)
    const captures: number[] = []
    const parts = { hash: [] as number[], scan: [] as number[], png: [] as number[], previous: [] as number[] }
    for (let i = 0; i < 15; i++) {
      const [frame, ms] = await time(() => screen.capture())
      captures.push(ms)
      parts.hash.push((await time(async () => frame.hash))[1])
      parts.scan.push((await time(async () => frame.luma))[1])
      parts.png.push((await time(() => frame.png()))[1])
      parts.previous.push((await time(() => previousCapture(screen.framebufferPath!)))[1])
    }
    await helpers.navigate(moving.id, 'about:blank')
    await screen.settle({ stableMs: 300 })
    // A still screen: the frame captured last, stamped again after a read and a comparison.
    const stillCaptures: number[] = []
    for (let i = 0; i < 15; i++) stillCaptures.push((await time(() => screen.capture()))[1])
    const small = await X11Screen.start(SMALL)
    const smallCaptures: number[] = []
    for (let i = 0; i < 15; i++) {
      await execa('xsetroot', ['-solid', i % 2 ? '#336699' : '#996633'], { env: { DISPLAY: small.display } }) // a new frame each time
      smallCaptures.push((await time(() => small.capture()))[1])
    }
    await small.close()
    const reloads: number[] = []
    const reloadParts = { call: [] as number[], listed: [] as number[] }
    const previousReloads: number[] = []
    // (the routes take turns; the first button reload opens the hidden chrome://extensions page, counted in its time)
    for (let i = 0; i < RUNS; i++) {
      const { ms, call, listed } = await splitReload(helpers, chrome, 'button')
      reloads.push(ms)
      reloadParts.call.push(call)
      reloadParts.listed.push(listed)
      previousReloads.push((await splitReload(helpers, chrome, 'loadUnpacked')).ms)
    }
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
    // Each step as the agent loop takes it, with the loop's settle: the frame made ready for a model
    // (hash, blank check, the encode at its canvas), the action, then settle.
    const ours: number[] = []
    const split = { capture: [] as number[], ready: [] as number[], act: [] as number[], reaction: [] as number[], changing: [] as number[], quiet: [] as number[] }
    const previous: number[] = []
    const seed: number[] = []
    const settle = async () => {
      const settled = await screen.settle({ ...AGENT_DEFAULTS.settle, captureNext: true }) // as the agent loop settles
      split.reaction.push(settled.changedMs ?? settled.waitedMs)
      split.changing.push((settled.lastChangeMs ?? 0) - (settled.changedMs ?? 0))
      split.quiet.push(settled.lastChangeMs === undefined ? 0 : settled.waitedMs - settled.lastChangeMs)
    }
    // Two rounds of the three pipelines, one after the other, so a load that comes and goes meets each.
    for (let round = 0; round < 2; round++) {
      for (const action of script) {
        const [, ms] = await time(async () => {
          const [frame, captureMs] = await time(() => screen.capture())
          split.capture.push(captureMs)
          split.ready.push((await time(() => readyForModel(frame)))[1])
          split.act.push((await time(() => screen.perform(action)))[1])
          await settle()
        })
        ours.push(ms)
      }
      for (const action of script) {
        const [, ms] = await time(async () => {
          await previousCapture(screen.framebufferPath!)
          await performXdotool(action, { display: screen.display }) // an xdotool process per action, as before
          await screen.settle(AGENT_DEFAULTS.settle)
        })
        previous.push(ms)
      }
      for (const action of script) seed.push(await seedStyleStep(screen.display, dir, () => performXdotool(action, { display: screen.display })))
    }
    const settleCpu = await settleCpuMs(screen)
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
    const throughput = await suiteThroughput()

    const figures = {
      coldStartMs: Math.round(median(cold)),
      captureMs1080p: Math.round(median(captures)),
      captureHashMs1080p: Number(median(parts.hash).toFixed(1)),
      captureScanMs1080p: Math.round(median(parts.scan)),
      capturePngMs1080p: Math.round(median(parts.png)),
      previousCaptureMs1080p: Math.round(median(parts.previous)),
      captureRatio: Number((median(captures) / median(scrotCaptures)).toFixed(3)),
      stillCaptureMs1080p: Number(median(stillCaptures).toFixed(1)),
      scrotCaptureMs1080p: Math.round(median(scrotCaptures)),
      stepOverheadMs: Math.round(median(ours)),
      previousStepMs: Math.round(median(previous)),
      seedStepMs: Math.round(median(seed)),
      stepRatio: Number((median(ours) / median(seed)).toFixed(3)),
      warmReloadMs: Math.round(median(reloads)),
      warmReloadWorkerListedMs: Math.round(median(reloadParts.listed)),
      previousWarmReloadMs: Math.round(median(previousReloads)),
      captureMs720p: Math.round(median(smallCaptures)),
      settleCpuMsPerS: settleCpu.compare,
      readingSettleCpuMsPerS: settleCpu.read,
      hashingSettleCpuMsPerS: settleCpu.hash,
      peakRssMb,
      suiteMs: throughput.ms,
      suiteCpuMs: Object.fromEntries(Object.entries(throughput.cpu).map(([w, c]) => [w, c.totalMs])),
      suiteSaturated: Object.fromEntries(Object.entries(throughput.cpu).map(([w, c]) => [w, Number(c.saturated.toFixed(2))])),
      suiteSplitMs: Object.fromEntries(Object.entries(throughput.split).map(([w, split]) => [w, Object.fromEntries(Object.entries(split).map(([k, v]) => [k, Math.round(v)]))])),
      twoWorkerRatio: Number((throughput.ms['2']! / throughput.ms['1']!).toFixed(3)),
      browser: chrome.version,
    }
    console.log(`cold start to extension ready   median ${fmt(median(cold))}  (${cold.map(fmt).join(', ')})`)
    console.log(`warm reload after a rebuild      median ${fmt(median(reloads))}  (no browser restart; ${reloads.map(fmt).join(', ')})   previous route (Extensions.loadUnpacked) ${fmt(median(previousReloads))}`)
    console.log(`  split (medians): the load call answers ${fmt(median(reloadParts.call))}, the new worker is listed ${fmt(median(reloadParts.listed))}, it answers ${fmt(median(reloads))}`)
    console.log(`capture 1920×1080 (framebuffer)  median ${fmt(median(captures))} (the read)   a still screen (the last frame again) ${fmt(median(stillCaptures))}`)
    console.log(`  on demand after it: hash ${fmt(median(parts.hash))}, scan (phash, luma, RGB) ${fmt(median(parts.scan))}, PNG ${fmt(median(parts.png))}   previous layout (all at capture) ${fmt(median(parts.previous))}`)
    console.log(`capture 1280×720 (framebuffer)   median ${fmt(median(smallCaptures))}`)
    console.log(`capture 1920×1080 (scrot)        median ${fmt(median(scrotCaptures))}   framebuffer read / scrot ${figures.captureRatio}   read + hash / scrot ${((median(captures) + median(parts.hash)) / median(scrotCaptures)).toFixed(3)}   previous layout / scrot ${(median(parts.previous) / median(scrotCaptures)).toFixed(3)}`)
    console.log(`per step, capture + act + settle median ${fmt(median(ours))}   previous capture and input ${fmt(median(previous))}   seed-style ${fmt(median(seed))}   ratio to seed ${figures.stepRatio}, previous to seed ${(median(previous) / median(seed)).toFixed(3)}`)
    console.log(`  split per step (medians): capture ${fmt(median(split.capture))}, ready for a model (hash, scan, canvas PNG) ${fmt(median(split.ready))}, act ${fmt(median(split.act))}, settle reaction ${fmt(median(split.reaction))}, changing ${fmt(median(split.changing))}, quiet ${fmt(median(split.quiet))}`)
    console.log(`  each step, its settle (reaction + changing + quiet): ${ours.map((ms, i) => `${fmt(ms)} (${fmt(split.reaction[i]!)} + ${fmt(split.changing[i]!)} + ${fmt(split.quiet[i]!)})`).join(', ')}`)
    console.log(`settle on a still screen, CPU per second watched: ${fmt(settleCpu.compare)} (read only when the server drew)   each poll read and compared ${fmt(settleCpu.read)}   each read hashed ${fmt(settleCpu.hash)}   ratio to reading ${(settleCpu.compare / settleCpu.read).toFixed(3)}`)
    console.log(`peak RSS of this process ${peakRssMb} MB`)
    console.log(`suite of ${SUITE_FILES} scripted files, medians of ${SUITE_ROUNDS} rounds: ${Object.entries(throughput.ms).map(([w, ms]) => `${w} worker(s) ${fmt(ms)}`).join(', ')}; 2 vs 1: ${figures.twoWorkerRatio}`)
    console.log(`  each round, 2 vs 1: ${throughput.rounds['1']!.map((one, i) => `${fmt(one)} / ${fmt(throughput.rounds['2']![i]!)} → ${(throughput.rounds['2']![i]! / one).toFixed(3)}`).join(', ')}`)
    for (const [w, cpu] of Object.entries(throughput.cpu)) console.log(`  CPU with ${w} worker(s) (the median run): ${cpuLine(cpu, throughput.ms[w]!)}`)
    for (const [w, split] of Object.entries(throughput.split)) {
      console.log(`  time with ${w} worker(s) (the median run, means): a file's test ${fmt(split.test)} (its browser's lease included), between a worker's files ${fmt(split.between)} (the next worker's start and imports, or the browser's reset if longer); the first file began ${fmt(split.start)} after the launch, the run ended ${fmt(split.end)} after the last`)
    }
    console.log(JSON.stringify(figures))
    await helpers.close()
  } finally {
    await locator.close()
    await chrome.close()
    await screen.close()
    await rm(dir, { recursive: true, force: true })
  }
}

const SUITE_FILES = 8
/** Each worker count runs this many times, the counts taking turns, so that a slow spell of the machine falls on all of them. */
const SUITE_ROUNDS = 3

/**
 * Where a suite run's wall time goes, from Vitest's JSON report (means, ms): a file's test (its wait
 * for the browser's lease included), the time between one file's end and the next file's start on
 * the same worker (the next worker starting and importing, or the browser's reset if that is
 * longer), the run's start before its first file and its end after its last.
 */
interface SuiteSplit {
  test: number
  between: number
  start: number
  end: number
}

/** Reads `report` (Vitest's JSON reporter) of a run launched at `launched` and ended at `ended` (epoch ms). */
async function suiteSplit(report: string, launched: number, ended: number): Promise<SuiteSplit> {
  const { testResults } = JSON.parse(await readFile(report, 'utf8')) as { testResults: { startTime: number; endTime: number; assertionResults: { duration?: number | null }[] }[] }
  const files = [...testResults].sort((a, b) => a.startTime - b.startTime)
  // Each file goes to the worker free longest before it starts (a slot freed first starts its next
  // worker first): the lanes the workers ran.
  const lanes: number[] = []
  const gaps: number[] = []
  for (const file of files) {
    const free = lanes.map((end, i) => [end, i] as const).filter(([end]) => end <= file.startTime).sort((a, b) => a[0] - b[0])[0]
    if (free === undefined) lanes.push(file.endTime)
    else {
      gaps.push(file.startTime - free[0])
      lanes[free[1]] = file.endTime
    }
  }
  const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length)
  return {
    test: mean(files.flatMap((f) => f.assertionResults.map((a) => a.duration ?? NaN))),
    between: mean(gaps),
    start: files[0]!.startTime - launched,
    end: ended - Math.max(...files.map((f) => f.endTime)),
  }
}

/** Wall time of a suite of scripted test files (no model) through the plugin, per worker count: medians of its rounds, each round's, and the CPU and time split of its median run. */
async function suiteThroughput(): Promise<{ ms: Record<string, number>; rounds: Record<string, number[]>; cpu: Record<string, SuiteCpu>; split: Record<string, SuiteSplit> }> {
  const dir = join(ROOT, 'test/pool-project/bench-suite')
  await mkdir(dir, { recursive: true })
  const body = (n: number) => `import { expect, test } from 'agentprobe/vitest'

test('scripted flow ${n}', async ({ screen, chrome }) => {
  await screen.click({ image: ${JSON.stringify(join(extensionDir('sidepanel'), 'icons/128.png'))} })
  await expect(chrome).toHaveTarget({ url: /popup\\.html$/ })
  await screen.press('Escape')
  await screen.press('ctrl+t')
  await screen.type('about:blank')
  await screen.press('Enter')
})
`
  try {
    for (let n = 1; n <= SUITE_FILES; n++) await writeFile(join(dir, `flow-${n}.cua.test.ts`), body(n))
    const runs: Record<string, { ms: number; cpu: SuiteCpu; split: SuiteSplit }[]> = {}
    const report = join(dir, 'report.json')
    for (let round = 0; round < SUITE_ROUNDS; round++) {
      for (const workers of [...new Set([1, 2, availableParallelism()])]) {
        const launched = Date.now()
        const args = ['run', '--config', 'test/pool-project/vitest.config.ts', `--maxWorkers=${workers}`, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, 'bench-suite/']
        const child = execa('node', [join(ROOT, 'node_modules/vitest/vitest.mjs'), ...args], {
          cwd: ROOT,
          env: { POOL_EXTENSION: extensionDir('sidepanel'), POOL_ARTIFACTS: join(tmpdir(), 'agentprobe-bench-artifacts') },
          reject: false,
          all: true,
        })
        const watch = watchTreeCpu(child.pid!)
        const machine = watchMachineCpu()
        const [run, took] = await time(() => child)
        const { cores: machineCores, saturated } = machine.stop()
        const cpu = { ...watch.stop(), machineCores, saturated }
        if (run.exitCode !== 0) throw new Error(`bench suite failed with ${workers} worker(s):\n${run.all}`)
        ;(runs[String(workers)] ??= []).push({ ms: Math.round(took), cpu, split: await suiteSplit(report, launched, Date.now()) })
      }
    }
    const ms: Record<string, number> = {}
    const rounds: Record<string, number[]> = {}
    const cpu: Record<string, SuiteCpu> = {}
    const split: Record<string, SuiteSplit> = {}
    for (const [workers, each] of Object.entries(runs)) {
      rounds[workers] = each.map((r) => r.ms)
      ms[workers] = median(rounds[workers])
      ;({ cpu: cpu[workers], split: split[workers] } = each.find((r) => r.ms === ms[workers])!)
    }
    return { ms, rounds, cpu, split }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A suite run's CPU: its process tree's, by kind, and the cores busy on the whole machine meanwhile (the kernel's work for it included), with the share of the run they were all busy. */
type SuiteCpu = TreeCpu & { machineCores: number; saturated: number }

/** "41.2 CPU-s in 22.5 s (1.83 cores): vitest workers 18.0 s (2), Chromium 12.3 s (12), …; the machine 1.90 of 2 cores busy, all of them 64% of the time" */
function cpuLine(cpu: SuiteCpu, wallMs: number): string {
  const kinds = Object.entries(cpu.byKind).sort((a, b) => b[1] - a[1])
  const parts = kinds.map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)} s${cpu.counts[kind] ? ` (${cpu.counts[kind]} processes)` : ''}`)
  return `${(cpu.totalMs / 1000).toFixed(1)} CPU-s in ${(wallMs / 1000).toFixed(1)} s (${(cpu.totalMs / wallMs).toFixed(2)} cores): ${parts.join(', ')}; the machine ${cpu.machineCores.toFixed(2)} of ${availableParallelism()} cores busy, all of them ${Math.round(cpu.saturated * 100)}% of the time`
}

await main()
