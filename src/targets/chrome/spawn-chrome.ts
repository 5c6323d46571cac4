// Runs the Chromium executable as its own process group (spawn-group.ts), with the DevTools pipe
// on fds 3 and 4.
import type { Readable, Writable } from 'node:stream'
import { PipeConnection } from './pipe-connection.ts'
import { spawnGroup, type SpawnedGroup } from '../spawn-group.ts'

export interface SpawnedChrome extends Pick<SpawnedGroup, 'pid' | 'exited' | 'stderrTail' | 'kill'> {
  /** The DevTools pipe (fds 3 and 4). */
  readonly pipe: PipeConnection
}

/** Starts `executablePath argv` on `display`; `profileDir` goes with it if this process ends first. */
export function spawnChrome(executablePath: string, argv: readonly string[], { display, profileDir, env }: { display: string; profileDir?: string; env?: Record<string, string> }): SpawnedChrome {
  const group = spawnGroup(executablePath, argv, { display, dir: profileDir, extraPipes: 2, env })
  const pipe = new PipeConnection(group.stdio[3] as Writable, group.stdio[4] as Readable)
  return { pid: group.pid, exited: group.exited, stderrTail: group.stderrTail, kill: group.kill, pipe }
}
