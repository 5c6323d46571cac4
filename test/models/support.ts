// Shared by the model tests: a real Xvfb + Chromium with the fixture extension, a model built the
// way the plugin and the CLI build it (createModel with an environment), and one agent.do run with
// its trace and artifacts read back from disk.
import { mkdtemp, readFile, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AgentOptions } from '../../src/agent/options.ts'
import type { AgentResult } from '../../src/agent/run-agent.ts'
import type { Model } from '../../src/core/model.ts'
import type { Trace } from '../../src/core/trace.ts'
import { Locator } from '../../src/grounding/locate.ts'
import { startBrowser, startDisplay, type StartedBrowser, type DisplayHandle } from '../../src/browser-pool/browser-session.ts'
import { chooseModel } from '../../src/model-choice/choose-model.ts'
import { createModel } from '../../src/model-choice/create-model.ts'
import type { ModelSettings } from '../../src/model-choice/model-settings.ts'
import { TestSession } from '../../src/session/test-session.ts'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const EXTENSION = join(ROOT, 'fixtures/extensions/sidepanel')
export const OPEN_SIDEPANEL = "Click the extension icon in the Chrome toolbar, then click 'Open Sidepanel'. The sidepanel should appear on the right side of the browser."
export const SIDEPANEL_SHOWS_UI = "Is the browser sidepanel open and showing 'Sidepanel UI' (not an error page)?"

export interface Target {
  display: DisplayHandle
  browser: StartedBrowser
  locator: Locator
  /** The browser as fresh, reset in place as the plugin does between test files. */
  reset(): Promise<void>
  close(): Promise<void>
}

/** A display and a browser with `extension` loaded (default: the sidepanel fixture). */
export async function startTarget(extension = EXTENSION): Promise<Target> {
  const display = await startDisplay({ size: { width: 1920, height: 1080 } })
  const locator = new Locator()
  const target: Target = {
    display,
    browser: await startBrowser(display, { extension }),
    locator,
    reset: () => target.browser.reset(),
    async close() {
      await target.browser.close().catch(() => undefined)
      await locator.close()
      await display.close()
    },
  }
  return target
}

/** The model an environment chooses, built as the plugin's worker builds it. */
export async function modelFor(env: Record<string, string>, settings?: ModelSettings, locator?: Locator): Promise<Model> {
  const choice = chooseModel({ env, settings })
  return createModel(choice, { extension: EXTENSION, locator: locator ?? new Locator(), env })
}

export interface Run {
  result?: AgentResult
  error?: { code?: string; message: string; failures?: { type: string; step?: number; message: string }[] }
  /** The failure types the run hit. */
  types: string[]
  trace: Trace
  dir: string
  /** Every file the run left, as text (PNGs excluded), for leak checks. */
  texts: Record<string, string>
}

export async function runAgentOnce(target: Target, model: Model, options: AgentOptions & { instruction?: string; secrets?: string[] } = {}): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'agentprobe-models-'))
  const session = new TestSession({ screen: target.display.screen, model, locator: target.locator, dir, test: { name: 'model test' }, secrets: options.secrets, signal: target.browser.chrome.signal })
  let result: AgentResult | undefined
  let error: Run['error']
  try {
    result = await session.agent.do(options.instruction ?? OPEN_SIDEPANEL, options)
  } catch (thrown) {
    error = thrown as NonNullable<Run['error']>
  }
  await session.finish(result ? 'passed' : 'failed', error?.message)
  const trace = JSON.parse(await readFile(join(dir, 'trace.json'), 'utf8')) as Trace
  const texts: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(json|txt|md|html|log)$/.test(entry.name)) texts[join(entry.parentPath, entry.name)] = await readFile(join(entry.parentPath, entry.name), 'utf8')
  }
  const run = trace.runs.at(-1)!
  return { result, error, types: run.failures.map((f) => f.type), trace, dir, texts }
}
