// Runs generated test files through Vitest programmatically, so that `agentprobe run` and
// `agentprobe bench` get the same plugin, fixtures, browser pool and reporters as a
// *.cua.test.ts. Each project is the plugin with its options over some of the files; each test
// hands its result to the main process through task meta.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { TaskMeta, TestArtifact } from 'vitest'
import { createVitest, type Reporter, type TestCase, type TestModule, type TestSequencerConstructor, type TestSpecification } from 'vitest/node'
import { modulePath } from '../config/module-path.ts'
import { cuaPlugin, type CuaPluginOptions } from './cua-plugin.ts'

export interface GeneratedFile {
  /** Relative path in the generated folder; it names the test file in traces, so keep it stable. */
  name: string
  source: string
}

export interface GeneratedProject {
  name: string
  plugin: CuaPluginOptions
  /** Names of the generated files this project runs. */
  files: string[]
  /** Variables set in this project's workers. */
  env?: Record<string, string>
}

export interface GeneratedResult {
  /** The generated file's name. */
  file: string
  /** The Vitest project that ran it (with `models`, one per model: `<name> (<model>)`). */
  project: string
  /** What the test put in task.meta; empty when the file failed before its test ran. */
  meta: Partial<TaskMeta>
  /** What failed, as Vitest reported it (the error's code survives the worker boundary). */
  errors: { message: string; code?: string }[]
}

export interface RunGeneratedOptions {
  files: GeneratedFile[]
  projects: GeneratedProject[]
  /** Files run at once (1: in the order given, one at a time). */
  maxWorkers: number
  onStart?(file: string, project: string): void
  onDone(result: GeneratedResult): void
  /** A line said once for the run (which model's recording replays). */
  onNotice?(line: string): void
}

/** A module of this folder (case-test, bench-test), for a generated file to import. */
export function siblingModule(name: string): string {
  return modulePath(import.meta.url, name)
}

export async function runGeneratedTests(o: RunGeneratedOptions): Promise<GeneratedResult[]> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'agentprobe-generated-')))
  const exitCode = process.exitCode
  try {
    const order: string[] = []
    for (const file of o.files) {
      const path = join(dir, file.name)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, file.source)
      order.push(path)
    }
    const results: GeneratedResult[] = []
    // The run mode first: Vitest 4 takes (mode, options) only; Vitest 5 takes both forms.
    const vitest = await createVitest(
      'test',
      {
        root: dir,
        config: false,
        watch: false,
        projects: o.projects.map((p) => ({
          plugins: [cuaPlugin({ ...p.plugin, standalone: true })],
          test: { name: p.name, root: dir, include: p.files, ...(p.env && { env: p.env }) },
        })),
        reporters: [collector(dir, results, o)],
        fileParallelism: o.maxWorkers > 1,
        maxWorkers: o.maxWorkers,
        sequence: { sequencer: inOrder(order) },
      },
    )
    try {
      await vitest.start()
    } finally {
      await vitest.close()
    }
    return results
  } finally {
    // Vitest sets the exit code of a failed run; the CLI decides its own (0, 1 or 2).
    process.exitCode = exitCode
    await rm(dir, { recursive: true, force: true })
  }
}

function inOrder(files: string[]): TestSequencerConstructor {
  const rank = (spec: TestSpecification) => files.indexOf(spec.moduleId)
  return class {
    sort = (specs: TestSpecification[]) => [...specs].sort((a, b) => rank(a) - rank(b))
    shard = (specs: TestSpecification[]) => specs
  }
}

function collector(dir: string, results: GeneratedResult[], o: RunGeneratedOptions): Reporter {
  const done = new Set<string>()
  const name = (module: TestModule) => module.moduleId.slice(dir.length + 1)
  const finish = (module: TestModule, errors: readonly { message: string; code?: unknown }[], meta: Partial<TaskMeta>) => {
    const key = `${module.project.name}\u0000${module.moduleId}`
    if (done.has(key)) return
    done.add(key)
    const result = {
      file: name(module),
      project: module.project.name,
      meta,
      errors: errors.map((e) => ({ message: e.message, ...(typeof e.code === 'string' && { code: e.code }) })),
    }
    results.push(result)
    o.onDone(result)
  }
  return {
    onTestModuleStart: (module: TestModule) => o.onStart?.(name(module), module.project.name),
    onTestCaseArtifactRecord: (_test: TestCase, artifact: TestArtifact) => {
      if (artifact.type === 'agentprobe:notice') o.onNotice?.(artifact.line)
    },
    onTestCaseResult: (test: TestCase) => finish(test.module, test.result().errors ?? [], test.meta()),
    // A file that failed before its test ran (an import or a fixture error) has only module errors.
    onTestModuleEnd: (module: TestModule) => finish(module, module.errors(), {}),
  }
}
