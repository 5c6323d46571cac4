#!/usr/bin/env node
// The reset between test files, before and after it learnt to survive any extension: per fixture
// trait, the median time of the reset that shipped until the fixture matrix (read from git history,
// as it was) beside today's, in one run on the same browser, alternating. A file's state is set
// up before each reset (an extension page, a second tab, an offscreen document where there is
// one); a reset that throws or leaves more than the one start tab says so. Figures, not
// assertions: this machine is shared and noisy. Ends with one JSON line.
import { execa } from 'execa'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { errorMessage } from '../src/core/errors.ts'
import { ChromeHelpers } from '../src/targets/chrome/cdp.ts'
import { launchChrome, type ChromeProcess } from '../src/targets/chrome/launcher.ts'
import { resetBrowserState } from '../src/targets/chrome/reset-browser.ts'
import { X11Screen } from '../src/targets/x11/x11-screen.ts'
import { extensionDir } from '../fixtures/extensions/mutate.ts'

const ROOT = resolve(import.meta.dirname, '..')
const RUNS = Number(process.argv[2] ?? 5)
const SIZE = { width: 1280, height: 720 }
const OLD_FILE = 'src/targets/chrome/extension-state.ts'

const TRAITS: Record<string, string> = {
  sidepanel: 'worker + storage',
  'popup-only': 'no worker, no storage',
  'no-background': 'no worker, storage',
  'no-permissions': 'worker, no storage',
  offscreen: 'offscreen document',
  'opens-tab-on-install': 'onInstalled tab',
}

type OldReset = (chrome: ChromeHelpers, loadUnpacked: () => Promise<unknown>, options?: { url?: string }) => Promise<number>

/** The reset as it was before the file holding it was split: its source from git, imports pointed back here. */
async function oldReset(dir: string): Promise<OldReset> {
  const git = (args: string[]) => execa('git', args, { cwd: ROOT }).then((r) => r.stdout.trim())
  const removedIn = await git(['log', '--diff-filter=D', '-1', '--format=%H', '--', OLD_FILE])
  const source = await git(['show', `${removedIn}^:${OLD_FILE}`])
  const file = join(dir, 'old-reset.ts')
  await writeFile(file, source.replace("'../../core/errors.ts'", `'${pathToFileURL(join(ROOT, 'src/core/errors.ts')).href}'`))
  return ((await import(pathToFileURL(file).href)) as { resetBrowserState: OldReset }).resetBrowserState
}

/** What a test file leaves behind: an extension page, a second tab, the offscreen document when the extension has one. */
async function dirtyState(helpers: ChromeHelpers, name: string): Promise<void> {
  const id = helpers.extensionId!
  await helpers.openExtensionPage('popup.html')
  await helpers.openPage('about:blank#second')
  if (name === 'offscreen') {
    const worker = { type: 'service_worker', url: `chrome-extension://${id}/` }
    // A failed old reset leaves the last one open, and there may be only one.
    const create = "chrome.offscreen.createDocument({ url: 'offscreen.html', reasons: ['DOM_PARSER'], justification: 'bench' })"
    await helpers.evaluate(worker, `chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] }).then((open) => open.length || ${create}).then(() => true)`)
  }
}

/** ms of one reset, or why it was not a reset: its error, or the tabs it left. */
async function timed(helpers: ChromeHelpers, run: () => Promise<number>): Promise<number | string> {
  try {
    const ms = await run()
    const left = (await helpers.targets({ type: 'page' })).map((p) => p.url)
    return left.length === 1 && left[0] === 'about:blank' ? ms : `left ${left.join(', ')}`
  } catch (error) {
    return errorMessage(error).split('\n')[0]!.slice(0, 120)
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const summary = (results: (number | string)[]) => {
  const ms = results.filter((r): r is number => typeof r === 'number')
  const failed = results.filter((r): r is string => typeof r === 'string')
  return { medianMs: ms.length ? Math.round(median(ms)) : null, failed: failed.length, firstFailure: failed[0] }
}
const show = ({ medianMs, failed, firstFailure }: ReturnType<typeof summary>) =>
  failed === 0 ? `${medianMs} ms` : `${medianMs === null ? '—' : `${medianMs} ms`}, ${failed}/${RUNS} failed: ${firstFailure}`

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-bench-reset-'))
  const screen = await X11Screen.start(SIZE)
  type Row = { trait: string; before: ReturnType<typeof summary>; after: ReturnType<typeof summary>; steps: Record<string, number> }
  const figures: Record<string, Row> = {}
  let chrome: ChromeProcess | undefined
  let helpers: ChromeHelpers | undefined
  try {
    const before = await oldReset(dir)
    for (const [name, trait] of Object.entries(TRAITS)) {
      chrome = await launchChrome({ display: screen.display, extensionDir: extensionDir(name), size: SIZE })
      helpers = await ChromeHelpers.connect(chrome)
      const path = chrome.extensionPath!
      const loadUnpacked = () => chrome!.loadUnpacked(path)
      const runs = { before: [] as (number | string)[], after: [] as (number | string)[] }
      const steps: Record<string, number[]> = {}
      for (let i = 0; i < RUNS; i++) {
        await dirtyState(helpers, name)
        runs.before.push(await timed(helpers, () => before(helpers!, loadUnpacked)))
        // A failed old reset may leave anything behind; the new one starts from whatever that is.
        await dirtyState(helpers, name)
        runs.after.push(
          await timed(helpers, async () => {
            const { ms, steps: each } = await resetBrowserState(helpers!, { path, loadUnpacked })
            for (const [step, stepMs] of Object.entries(each)) (steps[step] ??= []).push(stepMs)
            return ms
          }),
        )
      }
      const stepMedians = Object.fromEntries(Object.entries(steps).map(([step, ms]) => [step, Math.round(median(ms))]))
      figures[name] = { trait, before: summary(runs.before), after: summary(runs.after), steps: stepMedians }
      console.log(`${name.padEnd(22)} ${trait.padEnd(22)} before ${show(figures[name].before)}   after ${show(figures[name].after)}`)
      console.log(`${''.padEnd(45)} after, per step: ${Object.entries(stepMedians).map(([step, ms]) => `${step} ${ms}`).join(', ')}`)
      await helpers.close()
      await chrome.close()
    }
    console.log(JSON.stringify({ runs: RUNS, browser: chrome?.version, figures }))
  } finally {
    await helpers?.close().catch(() => undefined)
    await chrome?.close()
    await screen.close()
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
