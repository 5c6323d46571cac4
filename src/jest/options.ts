// The options of a Jest project: `testEnvironmentOptions.agentprobe` (withAgentprobe puts them
// there), resolved against the project's rootDir; Jest's --ci and -u decide cassettes as they
// decide snapshots.
import type { Config } from '@jest/types'
import type { AgentprobeOptions, ResolvedOptions } from '../config/options.ts'
import { resolveOptions } from '../config/resolve-options.ts'
import { ConfigError } from '../core/errors.ts'

/** Where the global setup leaves the browser pool's endpoint for the workers. */
export const POOL_URL_ENV = 'AGENTPROBE_POOL_URL'

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
  return { ...resolved, cassette: { ...resolved.cassette, update: global.updateSnapshot === 'all', ci: global.ci } }
}
