// Runs one adb command for one device, bounded by its own timeout and the caller's signal, and
// turns every failure into a TargetError that names the command and what adb said. A device that
// vanished ("device 'emulator-5554' not found", "device offline") is a crash, not a bad step.
import { execa } from 'execa'
import { TargetError, errorMessage } from '../../core/errors.ts'

export interface AdbCommandOptions {
  timeoutMs?: number
  signal?: AbortSignal
}

export interface AdbOutput<T> {
  stdout: T
  stderr: string
}

const GONE = /device '[^']*' not found|device offline|no devices\/emulators found|device unauthorized|device still (connecting|authorizing)|error: closed/i

/** `adb <args>` with the device's default args (-P, -s) in front; stdout as text or bytes. */
export async function runAdb(adbPath: string, args: string[], o: AdbCommandOptions & { binary: true }): Promise<AdbOutput<Buffer>>
export async function runAdb(adbPath: string, args: string[], o?: AdbCommandOptions & { binary?: false }): Promise<AdbOutput<string>>
export async function runAdb(adbPath: string, args: string[], o: AdbCommandOptions & { binary?: boolean } = {}): Promise<AdbOutput<string | Buffer>> {
  const shown = `adb ${args.join(' ')}`
  try {
    const result = await execa(adbPath, args, {
      encoding: o.binary ? 'buffer' : 'utf8',
      timeout: o.timeoutMs,
      cancelSignal: o.signal,
      stripFinalNewline: false,
      maxBuffer: 256 * 1024 * 1024,
    })
    return { stdout: o.binary ? Buffer.from(result.stdout as Uint8Array) : String(result.stdout), stderr: String(result.stderr ?? '') }
  } catch (error) {
    o.signal?.throwIfAborted()
    throw adbError(shown, error, o.timeoutMs)
  }
}

function adbError(shown: string, error: unknown, timeoutMs: number | undefined): TargetError {
  const e = error as { timedOut?: boolean; exitCode?: number; stderr?: unknown; stdout?: unknown }
  const text = (value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : String(value ?? '')).trim()
  const said = text(e.stderr) || text(e.stdout).slice(0, 500)
  if (e.timedOut) return new TargetError(`${shown} timed out after ${timeoutMs} ms`, { cause: error, context: { command: shown } })
  if (GONE.test(said)) {
    return new TargetError(`the device is gone: ${shown} said "${said}"`, { code: 'AGENTPROBE_TARGET_CRASHED', cause: error, context: { command: shown } })
  }
  const why = said || (e.exitCode === undefined ? errorMessage(error) : `exit code ${e.exitCode}`)
  return new TargetError(`${shown} failed: ${why}`, { cause: error, context: { command: shown, exitCode: e.exitCode } })
}
