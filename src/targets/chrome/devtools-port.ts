// With --remote-debugging-port=0 Chromium binds a free port itself and writes it to
// <user-data-dir>/DevToolsActivePort: no port is guessed, so parallel launches never collide.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { TargetError } from '../../core/errors.ts'
import { pollUntil, type PollOptions } from './poll.ts'

export interface DevToolsPort {
  port: number
  /** The browser endpoint's path, e.g. '/devtools/browser/<uuid>'. */
  path: string
}

/** Parses the file's two lines; undefined while it is missing or half written. */
export function parseDevToolsActivePort(text: string): DevToolsPort | undefined {
  const [portLine = '', path = ''] = text.split('\n')
  const port = Number(portLine)
  if (!/^\d+$/.test(portLine) || port < 1 || port > 65535 || !/^\/devtools\/browser\/\S+$/.test(path.trim())) return undefined
  return { port, path: path.trim() }
}

/** Polls the profile until Chromium has written its DevTools port. */
export function waitForDevToolsPort(userDataDir: string, options: PollOptions): Promise<DevToolsPort> {
  const file = join(userDataDir, 'DevToolsActivePort')
  return pollUntil(
    async () => parseDevToolsActivePort(await readFile(file, 'utf8').catch(() => '')),
    () => new TargetError(`Chromium did not write ${file} within ${options.timeout} ms`),
    options,
  )
}
