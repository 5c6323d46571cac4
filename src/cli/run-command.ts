// `agentprobe run`: the seed's command line, unchanged. Every case file is validated before
// anything starts, so a bad one exits 2 and nothing runs half-way; then the cases run through
// Vitest (the same plugin, fixtures and reporters as a *.cua.test.ts), one output folder each.
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ConfigError } from '../core/errors.ts'
import { chooseModel } from '../model-choice/choose-model.ts'
import { browserName, resolvePath } from '../config/options.ts'
import { slug } from '../session/artifact-paths.ts'
import { loadExtensionDir } from '../targets/chrome/extension-dir.ts'
import type { CaseSpec } from '../vitest/run-cases.ts'
import { cassettePathFor } from '../cassettes/cassette-store.ts'
import { cassetteMode } from '../config/options.ts'
import { oneOf, parseFlags, positiveInt } from './args.ts'
import { expandCasePaths } from './case-paths.ts'
import { configErrors, describeResult, writeResult } from './case-results.ts'
import { cliHistoryOption } from './history-store-flag.ts'
import { CaseFileError, loadCase, type LoadedCase } from './load-case.ts'
import { waitForDisplay } from './wait-display.ts'
import { androidRun } from './android-target.ts'

const FLAGS = {
  target: { type: 'string' },
  extension: { type: 'string' },
  browser: { type: 'string' },
  case: { type: 'string', multiple: true },
  'output-dir': { type: 'string' },
  model: { type: 'string' },
  'max-steps': { type: 'string' },
  url: { type: 'string' },
  avd: { type: 'string' },
  'include-xml': { type: 'boolean' },
  cassette: { type: 'string' },
  'cassette-mode': { type: 'string' },
} as const

export async function runCommand(args: string[], env: Record<string, string | undefined>, log: (line: string) => void): Promise<number> {
  const { values, positionals } = parseFlags(args, FLAGS, 'run')
  const target = oneOf(values.target ?? 'browser', ['browser', 'android'] as const, 'target')
  const maxSteps = positiveInt(values['max-steps'], 'max-steps')
  // Case files may also come as arguments: the shell expands `--case cases/*.yaml` into several.
  const caseArgs = [...(values.case ?? []), ...positionals]
  if (caseArgs.length === 0) throw new ConfigError('agentprobe run: --case FILE|FOLDER|GLOB is required')
  if (!values['output-dir']) throw new ConfigError('agentprobe run: --output-dir DIR is required')
  if (target === 'browser' && (values.avd !== undefined || values['include-xml'])) {
    throw new ConfigError(`agentprobe run: --${values.avd !== undefined ? 'avd' : 'include-xml'} applies to --target android only`)
  }
  if (target === 'browser' && !values.extension) throw new ConfigError('agentprobe run --target browser: --extension DIR is required')
  const browser = browserName(values.browser, '--browser')
  if (target === 'android' && browser !== undefined) throw new ConfigError('agentprobe run: --browser applies to --target browser only')

  const cwd = process.cwd()
  const loaded = await loadCases(caseArgs, cwd)
  const android = target === 'android' ? androidRun(values, env) : undefined
  const extension = android ? undefined : resolvePath(cwd, values.extension!)
  // Chromium's checks of the folder before launch (Firefox checks it as it installs it).
  if (extension && browser !== 'firefox') await loadExtensionDir(extension)

  // An unknown model or a missing key fails now, before anything starts; the plugin prints the choice.
  chooseModel({ flag: values.model, env })
  const outputDir = resolve(cwd, values['output-dir'])
  const display = android ? undefined : env.DISPLAY || undefined
  if (display) await waitForDisplay(display)
  log(android ? android.line : `agentprobe: display ${display ? `${display} (from DISPLAY)` : 'a private Xvfb'}`)

  const cassetteModeFlag = cassetteMode(values['cassette-mode'], '--cassette-mode')
  const cassette = values.cassette === undefined ? undefined : resolve(cwd, values.cassette)
  const specs = caseSpecs(loaded, outputDir, maxSteps).map((spec) => ({ ...spec, cassette: cassette ?? cassettePathFor(spec.file, browser) }))
  for (const spec of specs) await mkdir(spec.outputDir, { recursive: true })
  // Vitest is loaded only now: a bad flag or case file is answered without it, in a fraction of the CPU.
  const { runCasesInVitest } = await import('../vitest/run-cases.ts')
  const runs = await runCasesInVitest({
    specs,
    plugin: {
      modelFlag: values.model,
      extension,
      display,
      artifactsDir: outputDir,
      ...(browser && { browser }),
      chromePath: env.CHROME_PATH || undefined,
      firefoxPath: env.FIREFOX_PATH || undefined,
      url: values.url,
      history: cliHistoryOption(cwd, env),
      ...(cassetteModeFlag && { cassette: cassetteModeFlag }),
      ...android?.options,
    },
    cwd,
    onStart: (spec) => log(`▶ ${spec.testCase.name}`),
    onDone: (run) => describeResult(run.spec.testCase.name, run).forEach((line) => log(line)),
    onNotice: (line) => log(line),
  })
  const results = []
  for (const run of runs) results.push(await writeResult(run))
  const config = configErrors(runs)
  if (config.length > 0) throw new ConfigError(config.join('\n'))
  const failed = results.filter((r) => r.status !== 'passed').length
  log(`${results.length - failed} passed, ${failed} failed`)
  return failed > 0 ? 1 : 0
}

/** Reads every case file first and reports all their problems together. */
async function loadCases(caseArgs: string[], cwd: string): Promise<LoadedCase[]> {
  const loaded: LoadedCase[] = []
  const problems: string[] = []
  for (const file of await expandCasePaths(caseArgs, cwd)) {
    try {
      loaded.push(await loadCase(file, cwd))
    } catch (error) {
      if (!(error instanceof CaseFileError)) throw error
      problems.push(...error.problems)
    }
  }
  if (problems.length > 0) throw new CaseFileError(problems.join('\n'), problems)
  return loaded
}

/** One case writes straight into the output folder (the seed's layout); several get a folder each. */
function caseSpecs(loaded: LoadedCase[], outputDir: string, maxSteps: number | undefined): CaseSpec[] {
  const used = new Set<string>()
  return loaded.map(({ file, testCase }) => {
    let dir = outputDir
    if (loaded.length > 1) {
      const base = slug(testCase.name)
      let name = base
      for (let n = 2; used.has(name); n++) name = `${base}-${n}`
      used.add(name)
      dir = join(outputDir, name)
    }
    return { file, testCase, outputDir: dir, ...(maxSteps !== undefined && { maxSteps }) }
  })
}

