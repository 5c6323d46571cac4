// The Vitest plugin: resolves options once in the main process (the only place besides the CLI
// that reads the environment), hands them to workers with `provide`, and registers the matchers.
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vitest/config'
import { chooseModel } from '../harness/choose-model.ts'
import { DEFAULT_SCREEN, resolvePath, type AgentprobeOptions, type ResolvedOptions } from '../harness/options.ts'

export type { AgentprobeOptions }

declare module 'vitest' {
  export interface ProvidedContext {
    agentprobe: ResolvedOptions
  }
}

const setupFile = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './setup.ts' : './setup.js', import.meta.url))

/** `plugins: [agentprobe({ extension: './dist' })]` in vitest.config.ts. */
export function agentprobe(options: AgentprobeOptions = {}): Plugin {
  return {
    name: 'agentprobe',
    config(config) {
      const test = config.test ?? {}
      return {
        test: {
          setupFiles: [setupFile],
          // A computer-use test takes tens of seconds; Vitest's 5 s default would cut every run short.
          ...(test.testTimeout === undefined && { testTimeout: 180_000 }),
          ...(test.hookTimeout === undefined && { hookTimeout: 120_000 }),
        },
      }
    },
    configureVitest({ project }) {
      project.provide('agentprobe', resolveOptions(options, project.config.root, process.env))
    },
  }
}

export function resolveOptions(options: AgentprobeOptions, root: string, env: Record<string, string | undefined>): ResolvedOptions {
  return {
    root,
    extension: options.extension === undefined ? undefined : resolvePath(root, options.extension),
    model: chooseModel({ env, option: options.model }),
    display: options.display ?? env.AGENTPROBE_DISPLAY,
    screen: options.screen ?? DEFAULT_SCREEN,
    artifactsDir: resolvePath(root, options.artifactsDir ?? env.AGENTPROBE_ARTIFACTS_DIR ?? 'artifacts'),
    chromePath: options.chromePath ?? env.CHROME_PATH,
    url: options.url,
  }
}
