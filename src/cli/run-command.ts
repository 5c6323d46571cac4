// `agentprobe run`: the seed's command line, unchanged. Every case file is validated before
// anything starts, so a bad one exits 2 and nothing runs half-way.
import { mkdir, writeFile } from 'node:fs/promises'
import { basename, extname, join, resolve } from 'node:path'
import { ConfigError } from '../core/errors.ts'
import { summarizeFailures } from '../core/failures.ts'
import { chooseModel } from '../harness/choose-model.ts'
import { DEFAULT_SCREEN, resolvePath, secretsFromEnv, type ResolvedOptions } from '../harness/options.ts'
import { runCase } from '../harness/run-case.ts'
import { slug } from '../harness/artifact-paths.ts'
import { oneOf, parseFlags, positiveInt } from './args.ts'
import { CaseFileError, loadCase } from './load-case.ts'

const FLAGS = {
  target: { type: 'string' },
  extension: { type: 'string' },
  case: { type: 'string', multiple: true },
  'output-dir': { type: 'string' },
  model: { type: 'string' },
  'max-steps': { type: 'string' },
  url: { type: 'string' },
} as const

export async function runCommand(args: string[], env: Record<string, string | undefined>, log: (line: string) => void): Promise<number> {
  const { values } = parseFlags(args, FLAGS, 'run')
  const target = oneOf(values.target ?? 'browser', ['browser'] as const, 'target')
  const maxSteps = positiveInt(values['max-steps'], 'max-steps')
  if (!values.case?.length) throw new ConfigError('agentprobe run: --case FILE is required')
  if (!values['output-dir']) throw new ConfigError('agentprobe run: --output-dir DIR is required')
  if (target === 'browser' && !values.extension) throw new ConfigError('agentprobe run --target browser: --extension DIR is required')

  const cwd = process.cwd()
  const loaded = []
  const problems: string[] = []
  for (const file of values.case) {
    try {
      loaded.push(await loadCase(file, cwd))
    } catch (error) {
      if (!(error instanceof CaseFileError)) throw error
      problems.push(...error.problems)
    }
  }
  if (problems.length > 0) throw new CaseFileError(problems.join('\n'), problems)

  const model = chooseModel({ flag: values.model, env })
  const options: ResolvedOptions = {
    root: cwd,
    extension: values.extension && resolvePath(cwd, values.extension),
    model,
    display: env.DISPLAY || undefined,
    screen: DEFAULT_SCREEN,
    artifactsDir: resolve(cwd, values['output-dir']),
    chromePath: env.CHROME_PATH,
    url: values.url,
  }
  log(`agentprobe: model ${model.id} (${model.reason})`)
  log(`agentprobe: display ${options.display ? `${options.display} (from DISPLAY)` : 'a private Xvfb'}`)

  let failed = 0
  for (const { file, testCase } of loaded) {
    const outputDir = loaded.length === 1 ? options.artifactsDir : join(options.artifactsDir, slug(testCase.name || basename(file, extname(file))))
    await mkdir(outputDir, { recursive: true })
    log(`▶ ${testCase.name}`)
    const result = await runCase({ options, testCase, file, outputDir, maxSteps, secrets: secretsFromEnv(env), log })
    if (result.status !== 'passed') failed++
    const failures = summarizeFailures(result.failures)
    log(`${result.status === 'passed' ? '✓' : '✗'} ${testCase.name}: ${result.status} in ${result.steps} step(s)${result.verdict ? `, verification ${result.verdict}` : ''}${failures ? ` [${failures}]` : ''}`)
    if (result.status !== 'passed') log(`  ${result.reason}`)
    log(`  artifacts: ${outputDir}`)
  }
  if (loaded.length > 1) await writeFile(join(options.artifactsDir, 'summary.txt'), `${loaded.length - failed} passed, ${failed} failed\n`)
  log(`${loaded.length - failed} passed, ${failed} failed`)
  return failed > 0 ? 1 : 0
}
