// The Vitest plugin: resolves options once in the main process (the only place besides the CLI
// that reads the environment), hands them to workers with `provide`, and registers the matchers.
import { readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Plugin, UserWorkspaceConfig } from 'vitest/config'
import type { TestProject } from 'vitest/node'
import { slug } from '../session/artifact-paths.ts'
import { modulePath } from '../config/module-path.ts'
import { startBrowserService } from './browser-service.ts'
import { modelLine, type AgentprobeOptions, type ResolvedOptions } from '../config/options.ts'
import { resolveOptions } from '../config/resolve-options.ts'

import { modelProjectName, projectForModel } from './model-projects.ts'
import { registerReporter } from './register-reporter.ts'
import { reportUnrunCuaFiles } from './unrun-cua-files.ts'
import { addCuaProject, placementOf, type Placement } from './cua-project.ts'

export type { AgentprobeOptions }

export interface AgentprobePluginOptions extends AgentprobeOptions {
  /** Runs the suite once per model, one project each (`<project> (<model>)`), for the leaderboard. */
  models?: string[]
  /** The agentprobe report (live step lines, report/index.html, $GITHUB_STEP_SUMMARY); default true. History is its own option. */
  report?: boolean
  /**
   * This config runs only computer-use tests: set it up itself rather than add a `cua` project
   * beside its tests. Implied when its `include` names only *.cua.test.* files.
   */
  standalone?: boolean
}

declare module 'vitest' {
  export interface ProvidedContext {
    agentprobe: ResolvedOptions
    /** The main process's browser pool endpoint (see browser-service.ts). */
    'agentprobe:pool': string
  }
}

const setupFile = modulePath(import.meta.url, 'setup')

/**
 * `plugins: [agentprobe({ extension: './dist' })]` in vitest.config.ts: beside the user's own tests
 * it adds the `cua` project (see cua-project.ts); in a config that runs only *.cua.test.* files it
 * sets that config up.
 */
export function agentprobe(options: AgentprobePluginOptions = {}): Plugin {
  const models = options.models ?? []
  let userConfig: UserWorkspaceConfig = {}
  let placement: Placement = 'own'
  return {
    name: 'agentprobe',
    config(config) {
      const test = config.test ?? {}
      placement = options.standalone ? 'own' : placementOf(test)
      if (placement === 'theirs') return undefined
      if (placement === 'beside') {
        addCuaProject(config, agentprobe({ ...options, standalone: true }), projectName(config.root))
        return undefined
      }
      userConfig = config
      return {
        test: {
          ...(models[0] !== undefined && { name: modelProjectName(test.name as string | undefined, models[0]) }),
          setupFiles: [setupFile],
          // A computer-use test takes tens of seconds; Vitest's 5 s default would cut every run short.
          ...(test.testTimeout === undefined && { testTimeout: 180_000 }),
          ...(test.hookTimeout === undefined && { hookTimeout: 120_000 }),
        },
      }
    },
    async configureVitest({ vitest, project, injectTestProjects }) {
      if (placement !== 'own') return
      const setup = async (p: TestProject, model: string | undefined) => {
        const resolved = resolveForModel(options, p.config.root, process.env, model)
        resolved.cassette.update = vitest.config.update === true || vitest.config.update === 'all'
        // One line saying which model runs and why (never a key: reasons name variables, not values).
        vitest.logger.log(`agentprobe${p.name ? ` [${p.name}]` : ''}: ${modelLine(resolved)}`)
        p.provide('agentprobe', resolved)
        p.provide('agentprobe:pool', await startBrowserService(vitest, p, resolved))
        return resolved
      }
      const resolved = await setup(project, models[0])
      const report = options.report !== false
      if (report || resolved.history) {
        registerReporter(vitest, models.length ? dirname(resolved.artifactsDir) : resolved.artifactsDir, { stepSummary: process.env.GITHUB_STEP_SUMMARY, history: resolved.history, report })
      }
      // Injected projects get no configureVitest call of their own: they are set up here.
      for (const model of models.slice(1)) {
        const plugin = agentprobe({ ...options, models: undefined, report: false, model })
        for (const p of await injectTestProjects(projectForModel(userConfig, model, plugin))) await setup(p, model)
      }
      await reportUnrunCuaFiles(vitest)
    },
  }
}

/** The name the user's own tests run under once they are one project of two: theirs, or the package's. */
function projectName(root: string | undefined): string {
  const dir = resolve(root ?? process.cwd())
  try {
    const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }
    if (typeof name === 'string' && name) return name
  } catch {
    // no package.json, or not JSON: the folder names them
  }
  return basename(dir)
}

/** One model's options: that model whatever AGENTPROBE_MODEL says, and its own artifacts folder. */
function resolveForModel(options: AgentprobeOptions, root: string, env: Record<string, string | undefined>, model: string | undefined): ResolvedOptions {
  if (model === undefined) return resolveOptions(options, root, env)
  const resolved = resolveOptions({ ...options, model }, root, { ...env, AGENTPROBE_MODEL: undefined })
  return { ...resolved, artifactsDir: join(resolved.artifactsDir, slug(model, 60)) }
}
