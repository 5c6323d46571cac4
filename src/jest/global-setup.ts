// Jest's globalSetup (withAgentprobe registers it): says which model runs and why, and starts the
// browser pool in Jest's main process. Workers lease their slot's display and browser from it,
// reset for each test file, as under Vitest.
import type { Config } from '@jest/types'
import { BrowserPool } from '../browser-pool/browser-pool.ts'
import { startPoolServer, type PoolServer } from '../browser-pool/pool-server.ts'
import { browserExecutable, modelLine } from '../config/options.ts'
import { jestOptions, POOL_URL_ENV } from './options.ts'

export const POOL = Symbol.for('agentprobe.jest.pool')

export interface RunningPool {
  pool: BrowserPool
  server: PoolServer
}

export default async function globalSetup(globalConfig: Config.GlobalConfig, projectConfig: Config.ProjectConfig): Promise<void> {
  const options = jestOptions(projectConfig, globalConfig, process.env)
  process.stdout.write(`agentprobe: ${modelLine(options)}\n`)
  if (options.target === 'android' || process.env[POOL_URL_ENV]) return
  const { display, screen: size, browser, url, locale, colorScheme, deviceScaleFactor } = options
  const pool = new BrowserPool({ display, size, browser, executablePath: browserExecutable(options), url, locale, colorScheme, deviceScaleFactor })
  const server = await startPoolServer(pool)
  // Workers start after global setup and inherit this.
  process.env[POOL_URL_ENV] = server.url
  ;(globalThis as Record<symbol, RunningPool>)[POOL] = { pool, server }
}
