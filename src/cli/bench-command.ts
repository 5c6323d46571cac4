// `agentprobe bench`: every benchmark case × build (good, mutant) × repeat against every model,
// on each browser asked (--browser chromium|firefox) that the case runs on, through generated Vitest
// files (one project per model and browser, an Android project for Android cases).
// A cost estimate comes before any paid call; --max-spend-usd is a hard cap shared by all
// workers. Writes traces, the HTML report with the bench leaderboard, bench.md and recording.json.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile, appendFile, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { benchRunName, buildBenchBoard, rowLabel, type BenchBuild, type BenchRunRecord } from '../core/bench-scores.ts'
import { ConfigError } from '../core/errors.ts'
import { scoreTrace } from '../core/scoring.ts'
import { traceSchema } from '../core/trace.ts'
import type { BenchCase, BrowserBenchCase } from '../bench/bench-case.ts'
import type { AgentprobeOptions } from '../config/options.ts'
import type { BrowserName } from '../targets/browser.ts'
import { chooseModel } from '../model-choice/choose-model.ts'
import { SpendLedger } from '../bench/spend-ledger.ts'
import { renderBenchMarkdown, benchAlerts } from '../report/render-bench.ts'
import { AGENTPROBE_VERSION } from '../report/version.ts'
import { writeReport } from '../report/write-report.ts'
import type { BenchSpec, BenchTaskResult } from '../bench/bench-run.ts'
import { runGeneratedTests, siblingModule, type GeneratedFile, type GeneratedProject, type GeneratedResult } from '../vitest/generated-run.ts'
import { aliased, parseFlags, positiveInt } from './args.ts'
import { caseRuns, parseBrowsers, runFolder, type CaseRun } from './bench-browser-runs.ts'
import { hashCaseSet, loadBenchCases, type LoadedBenchCase } from './bench-cases.ts'
import { describeEstimate, estimateFor, parseModels, positiveUsd, runLabel } from './bench-plan.ts'
import { browserProjects } from './bench-projects.ts'
import { expandCasePaths } from './case-paths.ts'
import { cliHistoryOption } from './history-store-flag.ts'
import { serveFolder } from './serve-folder.ts'

const FLAGS = {
  models: { type: 'string' },
  case: { type: 'string', multiple: true },
  cases: { type: 'string', multiple: true },
  repeats: { type: 'string' },
  estimate: { type: 'boolean' },
  'max-spend-usd': { type: 'string' },
  'output-dir': { type: 'string' },
  out: { type: 'string' },
  workers: { type: 'string' },
  browser: { type: 'string', multiple: true },
} as const

/** The package's root: bench/ (cases, extensions, pages, build.ts) and fixtures/android (the device double) live there. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url))

const BUILDS: BenchBuild[] = ['good', 'mutant']

interface PlannedRun {
  file: GeneratedFile
  benchCase: BenchCase
  spec: BenchSpec
}

export async function benchCommand(args: string[], env: Record<string, string | undefined>, log: (line: string) => void, packageRoot = PACKAGE_ROOT): Promise<number> {
  const { values, positionals } = parseFlags(args, FLAGS, 'bench')
  if (positionals.length) throw new ConfigError(`agentprobe bench: unexpected argument ${positionals[0]} (cases come with --case GLOB)`)
  const models = parseModels(values.models)
  const repeats = positiveInt(values.repeats, 'repeats') ?? 1
  const workers = positiveInt(values.workers, 'workers') ?? 2
  const capUsd = positiveUsd(values['max-spend-usd'], 'max-spend-usd')
  const cwd = process.cwd()
  const benchDir = join(packageRoot, 'bench')
  const cases = await loadBenchCases(await expandCasePaths(aliased<string[]>(values, 'case', 'cases', 'bench') ?? [join(benchDir, 'cases')], cwd), cwd)
  const browsers = parseBrowsers(values.browser)
  const { runs: caseSet, skipped } = caseRuns(cases, browsers)
  for (const line of skipped) log(line)

  const estimate = estimateFor(caseSet.map((c) => c.loaded.benchCase), BUILDS.length * repeats, models)
  for (const line of describeEstimate(estimate, capUsd)) log(line)
  if (values.estimate) return 0
  // A missing key fails now, naming the variable, before anything starts.
  for (const model of models) chooseModel({ flag: model, env })

  const outDir = resolve(cwd, aliased<string>(values, 'output-dir', 'out', 'bench') ?? 'artifacts/bench')
  const tracesDir = join(outDir, 'traces')
  await rm(tracesDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const ledger = capUsd === undefined ? undefined : new SpendLedger(join(outDir, 'spend-ledger.jsonl'), capUsd)
  if (ledger) await rm(ledger.file, { force: true })

  const builds = await mkdtemp(join(tmpdir(), 'agentprobe-bench-builds-'))
  const pages = await serveFolder(join(benchDir, 'pages'))
  // Taken before the run, so the recording names what ran even if files or commits change meanwhile.
  const caseSetSha256 = await hashCaseSet(cases, benchDir)
  const commit = agentprobeCommit()
  const started = Date.now()
  try {
    const runs = await planRuns(caseSet, { repeats, builds, benchDir, pagesUrl: pages.url, ledger, packageRoot })
    const projects = benchProjects(runs, models, tracesDir, packageRoot, cliHistoryOption(cwd, env))
    log(`agentprobe bench: ${caseSet.length} case runs (${browsers.join(', ')}) × ${BUILDS.length} builds × ${repeats} repeat(s) × ${models.length} model(s) = ${runs.length * models.length} runs, ${workers} worker(s); output ${relative(cwd, outDir) || '.'}`)
    const results = await runGeneratedTests({
      files: runs.map((r) => r.file),
      projects,
      maxWorkers: workers,
      onDone: (result) => log(describeDone(result)),
    })
    const records = (await toRecords(results, runs, models, outDir)).map((record) => portable(record, { outDir, packageRoot, cwd }))
    return await writeOutputs({ records, cases, browsers, caseSetSha256, commit, models, repeats, outDir, wallMs: Date.now() - started, env, log, capUsd, ledger })
  } finally {
    await pages.close()
    await rm(builds, { recursive: true, force: true })
  }
}

interface PlanContext {
  repeats: number
  builds: string
  benchDir: string
  pagesUrl: string
  ledger?: SpendLedger
  packageRoot: string
}

/** One generated file per case × browser × build × repeat; each model's project runs all the files of its target and browser. */
async function planRuns(cases: readonly CaseRun[], o: PlanContext): Promise<PlannedRun[]> {
  const { materializeBuild } = (await import(pathToFileURL(join(o.benchDir, 'build.ts')).href)) as {
    materializeBuild(c: BrowserBenchCase, side: BenchBuild, outDir?: string): Promise<string>
  }
  const benchTest = JSON.stringify(siblingModule('bench-test'))
  const double = JSON.stringify(join(o.packageRoot, 'fixtures/android/device-double.ts'))
  const runs: PlannedRun[] = []
  for (const { loaded: { file, benchCase }, browser } of cases) {
    const folder = runFolder(benchCase.id, browser)
    for (const build of BUILDS) {
      const android = benchCase.target === 'android'
      const extension = android ? undefined : await materializeBuild(benchCase, build, join(o.builds, folder, build))
      const previousVersion = android ? undefined : await previousVersionDir(benchCase, o.benchDir)
      for (let repeat = 1; repeat <= o.repeats; repeat++) {
        const spec: BenchSpec = {
          caseId: benchCase.id,
          build,
          repeat,
          ...(browser && { browser }),
          ...(extension && { extension }),
          ...(previousVersion && { previousVersion }),
          pagesUrl: o.pagesUrl,
          outputDir: join(folder, `${build}-r${repeat}`),
          ...(o.ledger && { ledger: { file: o.ledger.file, capUsd: o.ledger.capUsd } }),
        }
        const lines = [`// Generated by agentprobe bench: ${benchRunName(spec)}`, `import { benchTest } from ${benchTest}`, `import cases from ${JSON.stringify(file)}`]
        if (android) {
          // Each file gets a device double of its own (adb reads ADB_DOUBLE_STATE), with the build it needs installed.
          lines.push(`import { afterAll } from 'vitest'`, `import { DeviceDouble } from ${double}`, 'const double = DeviceDouble.create()', 'process.env.ADB_DOUBLE_STATE = double.dir', 'afterAll(() => double.remove())')
          lines.push(`benchTest(${JSON.stringify(spec)}, cases, (c) => double.install(c.builds[${JSON.stringify(build)}], c.package))`)
        } else {
          lines.push(`benchTest(${JSON.stringify(spec)}, cases)`)
        }
        runs.push({ file: { name: `${folder}/${build}-r${repeat}.bench.test.ts`, source: `${lines.join('\n')}\n` }, benchCase, spec })
      }
    }
  }
  return runs
}

/** The folder of a case's previous version under bench/extensions; a ConfigError naming the case when it is missing. */
async function previousVersionDir(c: BrowserBenchCase, benchDir: string): Promise<string | undefined> {
  if (c.previousVersion === undefined) return undefined
  const dir = join(benchDir, 'extensions', c.previousVersion)
  if (!existsSync(join(dir, 'manifest.json'))) throw new ConfigError(`agentprobe bench: case ${c.id}: previousVersion ${c.previousVersion} is not an extension folder under bench/extensions`)
  return dir
}

function benchProjects(runs: readonly PlannedRun[], models: string[], tracesDir: string, packageRoot: string, history: AgentprobeOptions['history']): GeneratedProject[] {
  const plugin = { models, artifactsDir: tracesDir, report: false, cassette: 'off' as const, history }
  const android = runs.filter((r) => r.benchCase.target === 'android').map((r) => r.file.name)
  const sdkRoot = join(packageRoot, 'fixtures/android/sdk')
  if (android.length && !existsSync(sdkRoot)) throw new ConfigError(`agentprobe bench: the Android cases run on the device double (fixtures/android), which this copy of agentprobe lacks; leave them out with --case`)
  return [
    ...browserProjects(runs.map((r) => ({ benchCase: r.benchCase, file: r.file.name, ...(r.spec.browser && { browser: r.spec.browser }) })), plugin),
    ...(android.length ? [{ name: 'bench-android', plugin: { ...plugin, target: 'android' as const, android: { sdkRoot } }, files: android }] : []),
  ]
}

function describeDone({ meta, project, file, errors }: GeneratedResult): string {
  const r = meta.agentprobeBench
  if (!r) return `  ✗ ${file} [${project}]: error before the run: ${errors[0]?.message.split('\n')[0] ?? 'no result'}`
  const mark = r.outcome === 'pass' || r.outcome === 'fail' ? (errors.length ? '✗' : '✓') : '!'
  return `  ${mark} ${benchRunName(r)} · ${rowLabel(r)}: verdict ${r.outcome}${r.truth === undefined ? '' : `, truth ${r.truth ? 'works' : 'broken'}`}`
}

/** Each run's record: the worker's verdict and truth, with steps, tokens, cost and latency from its trace. */
async function toRecords(results: readonly GeneratedResult[], runs: readonly PlannedRun[], models: readonly string[], outDir: string): Promise<BenchRunRecord[]> {
  // Every planned run of every model gets a record: one that never reported is an error, not a gap.
  const reported = new Map(results.map((r) => [`${r.file}\u0000${modelOf(r.project, models)}`, r]))
  const records: BenchRunRecord[] = []
  for (const run of runs) {
    for (const model of models) {
      const result = reported.get(`${run.file.name}\u0000${model}`)
      const base = {
        caseId: run.spec.caseId,
        category: run.benchCase.category,
        build: run.spec.build,
        repeat: run.spec.repeat,
        model,
        ...(run.spec.browser && { browser: run.spec.browser }),
        expected: run.benchCase.expected[run.spec.build],
      }
      const task = result?.meta.agentprobeBench
      if (!task) {
        const why = result?.errors.map((e) => e.message).join('\n') || 'the test did not report a result'
        records.push({ ...base, outcome: 'error', error: why, ...EMPTY })
      } else {
        records.push({ ...base, ...(await fromTask(task, outDir)) })
      }
    }
  }
  return records
}

/** A project is named `<name> (<model>)` by the plugin. */
function modelOf(project: string, models: readonly string[]): string {
  return models.find((m) => project.endsWith(`(${m})`)) ?? project
}

async function fromTask(task: BenchTaskResult, outDir: string): Promise<Omit<BenchRunRecord, 'caseId' | 'category' | 'build' | 'repeat' | 'model' | 'browser' | 'expected'>> {
  const tracePath = join(task.dir, 'trace.json')
  const trace = await readFile(tracePath, 'utf8').then((text) => traceSchema.parse(JSON.parse(text)), () => undefined)
  const score = trace ? scoreTrace(trace) : undefined
  return {
    outcome: task.outcome,
    ...(task.truth !== undefined && { truth: task.truth }),
    ...(task.truthError !== undefined && { truthError: task.truthError }),
    ...(task.error !== undefined && { error: task.error }),
    ...(trace && score
      ? {
          score: score.score,
          steps: score.steps,
          tokens: score.tokens,
          costUsd: score.costUsd,
          failureTypes: score.failures.map((f) => f.type),
          durationMs: trace.durationMs,
          modelLatenciesMs: trace.runs.flatMap((r) => [...r.steps.map((s) => s.timings.modelMs), ...(r.verification ? [r.verification.ms] : [])]),
          trace: relative(outDir, tracePath),
        }
      : EMPTY),
  }
}

/** A record's messages without this machine's folders, so a recording can be committed and compared. */
function portable(record: BenchRunRecord, folders: { outDir: string; packageRoot: string; cwd: string }): BenchRunRecord {
  const names: [string, string][] = [
    [folders.outDir, '<out>'],
    [folders.packageRoot.replace(/\/$/, ''), '<agentprobe>'],
    [folders.cwd, '.'],
    [tmpdir(), '<tmp>'],
  ]
  const clean = (text: string | undefined) => (text === undefined ? undefined : names.reduce((t, [path, name]) => t.replaceAll(path, name), text))
  const error = clean(record.error)
  const truthError = clean(record.truthError)
  return { ...record, ...(error !== undefined && { error }), ...(truthError !== undefined && { truthError }) }
}

const EMPTY = { steps: 0, tokens: 0, costUsd: 0, modelLatenciesMs: [], failureTypes: [] } satisfies Partial<BenchRunRecord>

interface Outputs {
  records: BenchRunRecord[]
  cases: LoadedBenchCase[]
  browsers: BrowserName[]
  caseSetSha256: string
  commit: string
  models: string[]
  repeats: number
  outDir: string
  wallMs: number
  env: Record<string, string | undefined>
  log: (line: string) => void
  capUsd?: number
  ledger?: SpendLedger
}

async function writeOutputs(o: Outputs): Promise<number> {
  const board = buildBenchBoard(o.records)
  const date = new Date().toISOString()
  const label = runLabel(o.models, o.env, date.slice(0, 10))
  const heading = { cases: o.cases.length, repeats: o.repeats, label }
  const markdown = renderBenchMarkdown(board, heading)
  const traces = o.records.flatMap((r) => (r.trace ? [join(o.outDir, r.trace)] : []))
  const report = await writeReport({ traces, outDir: join(o.outDir, 'report'), title: 'agentprobe bench', bench: { board, heading } })
  await writeFile(join(o.outDir, 'bench.md'), markdown)
  if (o.env.GITHUB_STEP_SUMMARY) await appendFile(o.env.GITHUB_STEP_SUMMARY, `${markdown}\n`)
  const recording = {
    schema: 'agentprobe.bench/1',
    date,
    label,
    models: o.models,
    browsers: o.browsers,
    agentprobe: o.commit,
    caseSet: { sha256: o.caseSetSha256, cases: o.cases.map((c) => c.benchCase.id) },
    repeats: o.repeats,
    wallMs: o.wallMs,
    ...(o.capUsd !== undefined && { maxSpendUsd: o.capUsd, spentUsd: await o.ledger!.spentUsd() }),
    leaderboard: board,
    runs: o.records,
  }
  await writeFile(join(o.outDir, 'recording.json'), `${JSON.stringify(recording, null, 2)}\n`)
  o.log('')
  for (const line of markdown.trimEnd().split('\n')) o.log(line)
  o.log('')
  o.log(`agentprobe bench: report ${join(o.outDir, 'report', 'index.html')} · ${join(o.outDir, 'bench.md')} · ${join(o.outDir, 'recording.json')} · ${(o.wallMs / 60_000).toFixed(1)} min`)
  for (const problem of report.data.problems) o.log(`agentprobe bench: skipped ${problem}`)
  const alerts = benchAlerts(board)
  for (const alert of alerts) o.log(`agentprobe bench: ${alert}`)
  return alerts.length ? 1 : 0
}

/** The commit of this agentprobe (a git checkout), else its package version. */
function agentprobeCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: PACKAGE_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return `agentprobe ${AGENTPROBE_VERSION}`
  }
}

