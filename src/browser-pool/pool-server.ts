// The main process's end of the browser pool: a loopback HTTP endpoint where workers lease a
// display and browser for their slot. Errors travel back with their code, so a bad extension
// folder still reads as a ConfigError in the test that asked. The DevTools pipe lives here too, so
// calls only it answers are relayed for the worker.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorMessage, isAgentprobeError } from '../core/errors.ts'
import type { BrowserPool } from './browser-pool.ts'

export interface PoolServer {
  url: string
  close(): Promise<void>
}

/** POST /lease leases a slot's browser, POST /release lets go of it; POST /pipe relays a call to its DevTools pipe (Extensions.* answer nowhere else). */
async function route(pool: BrowserPool, request: string, body: string): Promise<unknown> {
  if (request === 'POST /lease') {
    const { slot, extension } = JSON.parse(body) as { slot: string; extension?: string }
    return pool.lease(slot, extension)
  }
  if (request === 'POST /release') {
    pool.release((JSON.parse(body) as { slot: string }).slot)
    return null
  }
  if (request === 'POST /pipe') {
    const { slot, method, params } = JSON.parse(body) as { slot: string; method: string; params?: Record<string, unknown> }
    return pool.pipe(slot, method, params)
  }
  throw new Error(`unknown request ${request}`)
}

export async function startPoolServer(pool: BrowserPool): Promise<PoolServer> {
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', async () => {
      try {
        const reply = await route(pool, `${req.method} ${req.url}`, body)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply ?? null))
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
