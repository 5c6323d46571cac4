// Jest's globalSetup (withAgentprobe registers it): says which model runs and why, and starts the
// browser pool in Jest's main process, one per browser of a `browsers` matrix. Workers lease their
// slot's display and browser from it, reset for each test file, as under Vitest.
import type { Config } from '@jest/types'
import { BrowserPool } from '../browser-pool/browser-pool.ts'
import { startPoolServer, type PoolServer } from '../browser-pool/pool-server.ts'
import { browserExecutable, modelLine } from '../config/options.ts'
import { matrixBrowsers, poolUrlEnv } from './matrix.ts'
import { jestOptions } from './options.ts'

export const POOL = Symbol.for('agentprobe.jest.pool')

export interface RunningPool {
  pool: BrowserPool
  server: PoolServer
  /** The environment variable its endpoint is in. */
  env: string
}

export default async function globalSetup(globalConfig: Config.GlobalConfig, projectConfig: Config.ProjectConfig): Promise<void> {
  const options = jestOptions(projectConfig, globalConfig, process.env)
  process.stdout.write(`agentprobe: ${modelLine(options)}\n`)
  if (options.target === 'android') return
  const running: RunningPool[] = []
  ;(globalThis as Record<symbol, RunningPool[]>)[POOL] = running
  const { display, screen: size, url, locale, colorScheme, deviceScaleFactor, zoom } = options
  for (const browser of matrixBrowsers(projectConfig, options.browser)) {
    const env = poolUrlEnv(browser)
    if (process.env[env]) continue
    const pool = new BrowserPool({ display, size, browser, executablePath: browserExecutable({ ...options, browser }), url, locale, colorScheme, deviceScaleFactor, zoom })
    const server = await startPoolServer(pool)
    // Workers start after global setup and inherit this.
    process.env[env] = server.url
    running.push({ pool, server, env })
  }
}
