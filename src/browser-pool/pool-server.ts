// The main process's end of the browser pool: a loopback HTTP endpoint where workers lease a
// display and browser for their slot. Errors travel back with their code, so a bad extension
// folder still reads as a ConfigError in the test that asked.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorMessage, isAgentprobeError } from '../core/errors.ts'
import type { BrowserPool } from './browser-pool.ts'

export interface PoolServer {
  url: string
  close(): Promise<void>
}

export async function startPoolServer(pool: BrowserPool): Promise<PoolServer> {
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', async () => {
      try {
        if (req.method !== 'POST' || req.url !== '/lease') throw new Error(`unknown request ${req.method} ${req.url}`)
        const { slot, extension } = JSON.parse(body) as { slot: string; extension?: string }
        const lease = await pool.lease(slot, extension)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lease))
      } catch (error) {
        const code = isAgentprobeError(error) ? error.code : undefined
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code, message: errorMessage(error) }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
