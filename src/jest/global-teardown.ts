// Jest's globalTeardown: closes the browser pools the global setup started (same process).
import { POOL, type RunningPool } from './global-setup.ts'

export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as Record<symbol, RunningPool[] | undefined>
  const running = holder[POOL] ?? []
  holder[POOL] = undefined
  for (const { env } of running) delete process.env[env]
  await Promise.all(running.map(async ({ server, pool }) => {
    await server.close()
    await pool.close()
  }))
}
