// Jest's globalTeardown: closes the browser pool the global setup started (same process).
import { POOL, type RunningPool } from './global-setup.ts'
import { POOL_URL_ENV } from './options.ts'

export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as Record<symbol, RunningPool | undefined>
  const running = holder[POOL]
  if (!running) return
  holder[POOL] = undefined
  delete process.env[POOL_URL_ENV]
  await running.server.close()
  await running.pool.close()
}
