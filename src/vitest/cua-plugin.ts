// The Vitest plugin's workings (plugin.ts is its public face): resolves options once in the main
// process (the only place besides the CLI that reads the environment), hands them to workers with
// `provide`, and registers the matchers.
import { readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Plugin, UserWorkspaceConfig } from 'vitest/config'
import type { TestProject } from 'vitest/node'
import { slug } from '../session/artifact-paths.ts'
import { modulePath } from '../config/module-path.ts'
import { startBrowserService } from './browser-service.ts'
import { modelLine, type AgentprobeOptions, type ResolvedOptions } from '../config/options.ts'
import { ConfigError } from '../core/errors.ts'
import { resolveOptions } from '../config/resolve-options.ts'
import { deviceScaleFactor, zoom } from '../config/appearance.ts'
import { browsersOption } from '../config/browsers-option.ts'
import { localeGap, localeMessages } from '../targets/locale-messages.ts'

import { projectForVariant, variantLabel, variantProjectName, variantsOf, type Matrix, type Variant } from './matrix-projects.ts'
import { firstSelected, projectFilterOf } from './project-filter.ts'
import { registerReporter } from './register-reporter.ts'
import { reportUnrunCuaFiles } from './unrun-cua-files.ts'
import { addCuaProject, placementOf, type Placement } from './cua-project.ts'

export interface AgentprobePluginOptions extends AgentprobeOptions, Matrix {
  /** The agentprobe report (live step lines, report/index.html, $GITHUB_STEP_SUMMARY); default true. History is its own option. */
  report?: boolean
  /**
   * This config runs only computer-use tests: set it up itself rather than add a `cua` project
   * beside its tests. Implied when its `include` names only *.cua.test.* files.
   */
  standalone?: boolean
}

/** What `agentprobe run` adds: the model its --model flag names, which wins over AGENTPROBE_MODEL as on the command line. */
export interface CuaPluginOptions extends AgentprobePluginOptions {
  modelFlag?: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    agentprobe: ResolvedOptions
    /** The main process's browser pool endpoint (see browser-service.ts). */
    'agentprobe:pool': string
    /** Whether the workers may turn on Node's compile cache (setup.ts). */
    'agentprobe:compileCache': boolean
  }
}

const setupFile = modulePath(import.meta.url, 'setup')
/**
 * The built runtime (dist/), imported by Node as it is, as it would be from node_modules: a linked
 * or file: copy (npm link, a repo's own checkout) is otherwise transformed by Vite on every start,
 * a second of CPU per run for nothing. (Run from its TypeScript sources, it needs the transform.)
 */
const runtime = setupFile.endsWith('.js') ? [new RegExp(`^${dirname(dirname(setupFile)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`)] : []

/** The plugin; `parentFilter` is the `--project` filter the config that added this project saw (see project-filter.ts). */
export function cuaPlugin(options: CuaPluginOptions, parentFilter?: string[]): Plugin {
  let variants = variantsOf({
    ...options,
    browsers: browsersOption(options, 'the plugin option'),
    deviceScaleFactors: listOption('deviceScaleFactors', options.deviceScaleFactors, deviceScaleFactor),
    zooms: listOption('zooms', options.zooms, zoom),
  })
  // (every variant of a matrix has a label; without one the only variant is {})
  const matrix = variantLabel(variants[0]!) !== ''
  let userConfig: UserWorkspaceConfig = {}
  let placement: Placement = 'own'
  return {
    name: 'agentprobe',
    config(config) {
      const test = config.test ?? {}
      placement = options.standalone ? 'own' : placementOf(test)
      if (placement === 'theirs') return undefined
      // (`test.project` is where Vitest puts the command line's --project for the root config's plugins)
      const filter = parentFilter ?? projectFilterOf((test as { project?: string | string[] }).project, process.argv)
      if (placement === 'beside') {
        addCuaProject(config, cuaPlugin({ ...options, standalone: true }, filter), projectName(config.root))
        return undefined
      }
      // This project is the first variant the --project filter selects; the others are injected beside it.
      const first = firstSelected(variants.map((variant) => variantProjectName(test.name as string | undefined, variant) ?? ''), filter)
      variants = [variants[first]!, ...variants.filter((_, i) => i !== first)]
      // (as written: the name this hook gives below must not become the base of the other variants' names)
      userConfig = { ...config, test: { ...test } }
      return {
        test: {
          ...(matrix && { name: variantProjectName(test.name as string | undefined, variants[0]!) }),
          setupFiles: [setupFile],
          server: { deps: { external: runtime } },
          // A computer-use test takes tens of seconds; Vitest's 5 s default would cut every run short.
          ...(test.testTimeout === undefined && { testTimeout: 180_000 }),
          ...(test.hookTimeout === undefined && { hookTimeout: 120_000 }),
        },
      }
    },
    async configureVitest({ vitest, project, injectTestProjects }) {
      if (placement !== 'own') return
      const setup = async (p: TestProject, variant: Variant) => {
        const resolved = resolveForVariant(options, p.config.root, process.env, variant)
        resolved.cassette.update = vitest.config.update === true || vitest.config.update === 'all'
        // One line saying which model runs and why (never a key: reasons name variables, not values).
        vitest.logger.log(`agentprobe${p.name ? ` [${p.name}]` : ''}: ${modelLine(resolved)}`)
        const gap = await localeGapOf(resolved)
        if (gap) vitest.logger.warn(`agentprobe${p.name ? ` [${p.name}]` : ''}: ${gap}`)
        p.provide('agentprobe', resolved)
        p.provide('agentprobe:pool', await startBrowserService(vitest, p, resolved))
        // V8's coverage needs the source positions a compile-cached script lacks (Vitest 5 turns the
        // cache off in its workers for it; 4.1 does not): only istanbul, which instruments the source, keeps it.
        const { coverage } = vitest.config
        p.provide('agentprobe:compileCache', !coverage.enabled || coverage.provider === 'istanbul')
        return resolved
      }
      const resolved = await setup(project, variants[0]!)
      const report = options.report !== false
      if (report || resolved.history) {
        registerReporter(vitest, matrix ? dirname(resolved.artifactsDir) : resolved.artifactsDir, { stepSummary: process.env.GITHUB_STEP_SUMMARY, history: resolved.history, report })
      }
      // Injected projects get no configureVitest call of their own: they are set up here.
      for (const variant of variants.slice(1)) {
        const plugin = cuaPlugin({ ...options, models: undefined, browsers: undefined, locales: undefined, colorSchemes: undefined, deviceScaleFactors: undefined, zooms: undefined, report: false, ...variant })
        for (const p of await injectTestProjects(projectForVariant(userConfig, variant, plugin))) await setup(p, variant)
      }
      await reportUnrunCuaFiles(vitest)
    },
  }
}

/** A list option of numbers (`deviceScaleFactors`, `zooms`) checked here, each value as its single option is, so that a bad value names the list and its index. */
function listOption(name: string, values: unknown, check: (value: unknown, source: string) => number | undefined): number[] | undefined {
  if (values === undefined) return undefined
  if (!Array.isArray(values)) throw new ConfigError(`the plugin option ${name} must be a list such as [1, 2], got ${JSON.stringify(values)}`)
  return values.map((value, i) => check(value, `the plugin option ${name}[${i}]`)!)
}

/** What a run in the configured locale will show in another language (locale-messages.ts), if anything. */
async function localeGapOf({ locale, extension }: ResolvedOptions): Promise<string | undefined> {
  if (locale === undefined || extension === undefined) return undefined
  const messages = await localeMessages(extension).catch(() => undefined) // a broken folder is the launch's to report
  return messages && localeGap(messages, locale)
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

/** One variant's options: its model whatever AGENTPROBE_MODEL says, its locale and scheme, and its own artifacts folder. */
function resolveForVariant(options: CuaPluginOptions, root: string, env: Record<string, string | undefined>, variant: Variant): ResolvedOptions {
  const label = variantLabel(variant)
  if (!label) return resolveOptions(options, root, env, undefined, options.modelFlag)
  const resolved = resolveOptions({ ...options, ...variant }, root, variant.model ? { ...env, AGENTPROBE_MODEL: undefined } : env, undefined, variant.model ? undefined : options.modelFlag)
  return { ...resolved, artifactsDir: join(resolved.artifactsDir, slug(label, 60)) }
}
