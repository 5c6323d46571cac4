// A loopback HTTP server for adapter unit tests: the provider's real SDK talks to it, it records
// each request as sent and answers the next canned reply, so a test checks both wire directions.
import { createServer } from 'node:http'
import type { IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { pngFrame, type Frame } from '../core/frame.ts'

export type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- request bodies as sent

export interface RecordedRequest {
  path: string
  headers: IncomingHttpHeaders
  body: Json
}

export interface RecordingServer {
  /** http://127.0.0.1:PORT */
  url: string
  seen: RecordedRequest[]
  /** Answered in order, one per request. */
  replies: Json[]
  close(): Promise<void>
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const seen: RecordedRequest[] = []
  const replies: Json[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(body) as Json })
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(replies.shift()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    replies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A white frame of the given size, as a screen would capture it. */
export async function blankFrame(width: number, height: number): Promise<Frame> {
  const png = new Uint8Array(await sharp({ create: { width, height, channels: 3, background: '#fff' } }).png().toBuffer())
  return pngFrame(png, { width, height, hash: 'h', phash: 'p', at: 0 })
}
