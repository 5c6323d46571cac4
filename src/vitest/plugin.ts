// The Vitest plugin as users import it (`agentprobe/plugin`); its workings are in cua-plugin.ts.
import type { Plugin } from 'vitest/config'
import { cuaPlugin, type AgentprobePluginOptions } from './cua-plugin.ts'

export type { AgentprobeOptions } from '../config/options.ts'
export type { AgentprobePluginOptions }

/**
 * `plugins: [agentprobe({ extension: './dist' })]` in vitest.config.ts: beside the user's own tests
 * it adds the `cua` project (see cua-project.ts); in a config that runs only *.cua.test.* files it
 * sets that config up.
 */
export function agentprobe(options: AgentprobePluginOptions = {}): Plugin {
  return cuaPlugin(options)
}
