// The options of a Jest project: `testEnvironmentOptions.agentprobe` (withAgentprobe puts them
// there), resolved against the project's rootDir; Jest's --ci and -u decide cassettes as they
// decide snapshots.
import { join } from 'node:path'
import type { Config } from '@jest/types'
import type { AgentprobeOptions, ResolvedOptions } from '../config/options.ts'
import { resolveOptions } from '../config/resolve-options.ts'
import { ConfigError } from '../core/errors.ts'
import { BROWSERS_KEY } from './matrix.ts'

function givenOptions(project: Pick<Config.ProjectConfig, 'testEnvironmentOptions'>): AgentprobeOptions {
  const given = project.testEnvironmentOptions.agentprobe ?? {}
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new ConfigError(`testEnvironmentOptions.agentprobe must be an object of agentprobe options, got ${JSON.stringify(given)}`)
  return given as AgentprobeOptions
}

export function jestOptions(
  project: Pick<Config.ProjectConfig, 'testEnvironmentOptions' | 'rootDir'>,
  global: Pick<Config.GlobalConfig, 'ci' | 'updateSnapshot'>,
  env: Record<string, string | undefined>,
): ResolvedOptions {
  const resolved = resolveOptions(givenOptions(project), project.rootDir, env, 'testEnvironmentOptions.agentprobe')
  // A browser's project of a matrix writes to a folder of its own, as the Vitest matrix does.
  const artifactsDir = project.testEnvironmentOptions[BROWSERS_KEY] === undefined ? resolved.artifactsDir : join(resolved.artifactsDir, resolved.browser ?? 'chromium')
  return { ...resolved, artifactsDir, cassette: { ...resolved.cassette, update: global.updateSnapshot === 'all', ci: global.ci } }
}
