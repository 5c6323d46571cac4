// A static file server on a loopback port, for pages the benchmark's cases open (content scripts
// match http://127.0.0.1/*). Started in the main process; workers get its URL.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}

export interface ServedFolder {
  /** http://127.0.0.1:<port>/ */
  url: string
  close(): Promise<void>
}

export async function serveFolder(root: string): Promise<ServedFolder> {
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)))
    if (path !== root && !path.startsWith(root + sep)) return void res.writeHead(403).end()
    const file = path.endsWith(sep) || path === root ? join(path, 'index.html') : path
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${req.url}`),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
