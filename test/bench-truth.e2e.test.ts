// The benchmark's ground truth confirms each case's expected verdict on both builds: for every
// case, truth() on the good build and on the mutant is true exactly where the expected verdict is
// 'pass'. No model runs here: real Chromium on a real Xvfb for the browser cases (one browser per
// extension and the language and theme its cases ask for, each mutant built into its folder and the
// browser reset in place), and real Firefox the same way for the cases that list it in `browsers`;
// the device double for the Android ones.
import { readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTENSIONS_DIR, materializeBuild, PAGES_DIR, type BuildSide } from '../bench/build.ts'
import type { AndroidBenchCase, BenchCase, BrowserBenchCase } from '../src/bench/bench-case.ts'
import { startBrowser, startDisplay, type DisplayHandle } from '../src/browser-pool/browser-session.ts'
import { caseBrowsers } from '../src/bench/bench-browsers.ts'
import { loadBenchCases } from '../src/cli/bench-cases.ts'
import { serveFolder, type ServedFolder } from '../src/cli/serve-folder.ts'
import { AndroidHelpers } from '../src/targets/android/android-helpers.ts'
import type { BrowserName, ChromeFixture } from '../src/targets/browser.ts'
import { connectBrowser, launchBrowser } from '../src/targets/browsers.ts'
import { DeviceDouble } from '../fixtures/android/device-double.ts'
import type { Build } from '../fixtures/android/double/state.ts'

const CASES_DIR = fileURLToPath(new URL('../bench/cases/', import.meta.url))
const files = readdirSync(CASES_DIR).filter((f) => f.endsWith('.ts')).sort().map((f) => join(CASES_DIR, f))
const cases: BenchCase[] = (await loadBenchCases(files, process.cwd())).map((c) => c.benchCase)
const browserCases = cases.filter((c): c is BrowserBenchCase => c.target !== 'android')
const androidCases = cases.filter((c): c is AndroidBenchCase => c.target === 'android')
const SIDES: BuildSide[] = ['good', 'mutant']

describe('the case set', () => {
  it('has at least 24 cases with unique ids, in every category, with a benign mutant among them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(24)
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length)
    for (const c of cases) expect(c.id.startsWith(`${c.category}/`), c.id).toBe(true)
    expect(new Set(cases.map((c) => c.category))).toEqual(new Set(['popup', 'sidepanel', 'options', 'content-script', 'messaging', 'auth-tab', 'storage', 'context-menu', 'shortcut', 'permission', 'worker-lifecycle', 'update', 'locale', 'rtl', 'theme', 'android']))
    expect(cases.some((c) => c.expected.mutant === 'pass')).toBe(true)
  })
})

describe('browser cases', () => {
  let display: DisplayHandle
  let pages: ServedFolder
  beforeAll(async () => {
    display = await startDisplay({ size: { width: 1280, height: 720 } })
    pages = await serveFolder(PAGES_DIR)
  })
  afterAll(async () => {
    await pages?.close()
    await display?.close()
  })

  // A browser is launched in a language and theme: the cases that share them, an extension and a browser share it.
  const runs = browserCases.flatMap((c) => caseBrowsers(c).map((name) => ({ name, c })))
  const browserOf = ({ name, c }: { name: BrowserName; c: BrowserBenchCase }) => [name, c.extension, c.locale, c.colorScheme].filter((v) => v !== undefined).join(' ')
  describe.each([...new Set(runs.map(browserOf))])('%s', (key) => {
    const mine = runs.filter((run) => browserOf(run) === key).map((run) => run.c)
    const name = runs.find((run) => browserOf(run) === key)!.name
    // One browser per extension, as a developer's watch mode has it: each mutant is built into the
    // same folder and the browser reset in place (its pages closed, storage cleared, permissions
    // revoked, the extension reloaded from disk, a version installed over it uninstalled) before its truth runs.
    let dir: string
    let browser: TruthBrowser
    const truthContext = (c: BrowserBenchCase) => ({ chrome: browser.chrome, pagesUrl: pages.url, ...(c.previousVersion && { previousVersion: join(EXTENSIONS_DIR, c.previousVersion) }) })
    beforeAll(async () => {
      dir = await materializeBuild(mine[0]!, 'good')
      browser = await LAUNCH[name](display, dir, mine[0]!)
    })
    afterAll(async () => {
      await browser?.close()
      await rm(dir, { recursive: true, force: true })
    })
    it('good build: truth agrees with the expected verdict of every case', async () => {
      const seen: Record<string, boolean> = {}
      for (const c of mine) seen[c.id] = await c.truth(truthContext(c))
      expect(seen).toEqual(Object.fromEntries(mine.map((c) => [c.id, c.expected.good === 'pass'])))
    })
    it.each(mine.map((c) => [c.id, c] as const))('mutant of %s: truth agrees with the expected verdict', async (_id, c) => {
      await materializeBuild(c, 'mutant', dir)
      await browser.reset()
      expect(await c.truth(truthContext(c))).toBe(c.expected.mutant === 'pass')
    })
  })
})

/** A browser the truths run in: the `chrome` fixture, a reset in place (the extension reloaded from its folder), and its end. */
interface TruthBrowser {
  chrome: ChromeFixture
  reset(): Promise<void>
  close(): Promise<void>
}

const LAUNCH: Record<BrowserName, (display: DisplayHandle, extension: string, c: BrowserBenchCase) => Promise<TruthBrowser>> = {
  chromium: (display, extension, { locale, colorScheme }) => startBrowser(display, { extension, chromePath: process.env.CHROME_PATH, locale, colorScheme }),
  firefox: async (display, extension, { locale, colorScheme }) => {
    const browser = await launchBrowser('firefox', { executablePath: process.env.FIREFOX_PATH, display: display.display, size: display.screen.size, extension, locale, colorScheme })
    const connection = await connectBrowser(browser.endpoint, { display: display.display, relay: (method, params) => browser.relay(method, params) as never })
    return {
      chrome: connection.requireChrome(),
      reset: () => browser.reset({}),
      close: async () => {
        await connection.close()
        await browser.close()
      },
    }
  },
}

describe('android cases', () => {
  const double = DeviceDouble.create()
  let connected: Awaited<ReturnType<DeviceDouble['connect']>> | undefined
  let android: AndroidHelpers
  beforeAll(async () => {
    connected = await double.connect()
    android = new AndroidHelpers(connected.device)
    await android.setAnimations(false)
  })
  afterAll(() => connected?.release())

  it.each(androidCases.flatMap((c) => SIDES.map((side) => [c.id, side, c] as const)))('%s, %s build: truth agrees with the expected verdict', async (_id, side, c) => {
    double.install(c.builds[side] as Build, c.package)
    expect(await c.truth({ android })).toBe(c.expected[side] === 'pass')
  })
})
