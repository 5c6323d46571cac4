// One HTML page on a loopback port, for the matrix tests that need a real web page (a content
// script's match, a page to right-click on).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LocalPage {
  /** http://127.0.0.1:<port>/ */
  url: string
  close(): Promise<void>
}

export async function serveLocalPage(title: string, body: string): Promise<LocalPage> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="font: 20px/1.5 'DejaVu Sans', sans-serif; padding: 24px">${body}</body></html>`
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
