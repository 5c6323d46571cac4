// Starts a private Xvfb whose framebuffer is an XWD file we can read directly. Xvfb picks the
// first free display itself and writes its number to a pipe once it accepts clients (-displayfd),
// so there is no guessing, no race with other servers and no sleep.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { constants } from 'node:fs'
import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { TargetError, errorMessage } from '../../core/errors.ts'
import { reapOnExit } from '../child-reaper.ts'

export interface XvfbOptions {
  width: number
  height: number
  /** Colour depth (default 24). */
  depth?: number
  /** Upper bound on the start, ms (default 15 000). */
  timeoutMs?: number
  signal?: AbortSignal
}

export interface Xvfb {
  /** e.g. ':3'. */
  readonly display: string
  /** The XWD file Xvfb renders into. */
  readonly framebufferPath: string
  /** Kills this Xvfb (only this one) and removes its temp dir; safe to call twice. */
  stop(): Promise<void>
}

const STDERR_TAIL_CHARS = 2000
const STOP_GRACE_MS = 2000

/** Starts Xvfb on a free display; throws a TargetError with the command and its stderr if it dies. */
export async function startXvfb({ width, height, depth = 24, timeoutMs = 15_000, signal }: XvfbOptions): Promise<Xvfb> {
  signal?.throwIfAborted()
  const dir = await mkdtemp(join(await framebufferRoot(), 'agentprobe-xvfb-'))
  // -nocursor: the framebuffer would otherwise carry a software pointer, which scrot captures
  // (and the seed's frames) never show, and which sits on top of the text just clicked.
  // -extension GLX: Xvfb's GLX is Mesa's llvmpipe, which nothing here draws with: Chromium
  // composites in software on it (and leaves WebGL off) either way, with the same pixels, and
  // Firefox's WebGL goes through EGL. Setting it up took 85 of Xvfb's 200 ms to start.
  const args = ['-displayfd', '3', '-screen', '0', `${width}x${height}x${depth}`, '-fbdir', dir, '-nolisten', 'tcp', '-noreset', '-nocursor', '-extension', 'GLX']
  const command = `Xvfb ${args.join(' ')}`
  const child = spawn('Xvfb', args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS) // keep draining so Xvfb never blocks on a full pipe
  })
  // Killed with this process however it ends, a closed terminal included (Xvfb outlives its own SIGHUP).
  const untrack = child.pid === undefined ? () => {} : reapOnExit({ pid: child.pid, dir })
  child.once('exit', untrack) // its pid may be someone else's later
  const stop = async () => {
    await terminate(child)
    untrack()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const number = await readDisplayNumber(child, timeoutMs, signal)
    return { display: `:${number}`, framebufferPath: join(dir, 'Xvfb_screen0'), stop }
  } catch (error) {
    await stop()
    signal?.throwIfAborted()
    throw new TargetError(`${command} did not start: ${errorMessage(error)}${stderr.trim() ? `\n${stderr.trim()}` : ''}`, {
      cause: error,
      context: { command, stderr },
    })
  }
}

const SHARED_MEMORY = '/dev/shm'

/**
 * Where the framebuffer file goes: in memory (/dev/shm) where the system has it, unless TMPDIR
 * moved temporary files from /tmp. Xvfb maps the file shared, so in a folder on disk the kernel
 * writes every changed page back to the disk while the screen moves.
 */
async function framebufferRoot(): Promise<string> {
  if (tmpdir() !== '/tmp') return tmpdir()
  return access(SHARED_MEMORY, constants.W_OK).then(
    () => SHARED_MEMORY,
    () => tmpdir(),
  )
}

/** Resolves with the number Xvfb writes to fd 3 when ready; rejects if it exits, fails to spawn, times out or is aborted. */
async function readDisplayNumber(child: ChildProcess, timeoutMs: number, signal: AbortSignal | undefined): Promise<number> {
  const pipe = child.stdio[3] as Readable
  const cleanup = new AbortController()
  try {
    return await new Promise<number>((resolve, reject) => {
      let text = ''
      pipe.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk
        const match = /^(\d+)\n/.exec(text)
        if (match) resolve(Number(match[1]))
      })
      child.once('error', reject)
      child.once('exit', (code, sig) => reject(new Error(`it exited (${sig ?? `code ${code}`})`)))
      const timer = setTimeout(() => reject(new Error(`no display number after ${timeoutMs} ms`)), timeoutMs)
      cleanup.signal.addEventListener('abort', () => clearTimeout(timer))
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true, signal: cleanup.signal })
    })
  } finally {
    cleanup.abort()
    pipe.destroy()
  }
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
  try {
    await exited
  } finally {
    clearTimeout(timer)
  }
}
