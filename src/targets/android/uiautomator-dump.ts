// `uiautomator dump` on the device: written to a device file (the old one removed first, so a
// failed dump is never read as a fresh one), then read with exec-out. It fails while the screen
// animates ("could not get idle state") or between windows ("null root node"): those are retried.
import { setTimeout as sleep } from 'node:timers/promises'
import { TargetError } from '../../core/errors.ts'
import type { AdbDevice } from './adb-device.ts'

export interface DumpOptions {
  /** `--compressed`: leave out layout-only containers (default true). */
  compressed?: boolean
  attempts?: number
  retryDelayMs?: number
  /** Timeout of one dump, ms (uiautomator waits up to ~10 s for an idle screen; default 30 s). */
  timeoutMs?: number
  signal?: AbortSignal
}

export const DUMP_PATH = '/data/local/tmp/agentprobe-window-dump.xml'
const TRANSIENT = /could not get idle state|null root node/i

/** The dump's XML text. Throws a TargetError with uiautomator's own words when every attempt fails. */
export async function dumpUi(device: AdbDevice, o: DumpOptions = {}): Promise<string> {
  const attempts = o.attempts ?? 3
  const timeoutMs = o.timeoutMs ?? 30_000
  let said = ''
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const args = ['rm', '-f', DUMP_PATH, ';', 'uiautomator', 'dump', ...(o.compressed === false ? [] : ['--compressed']), DUMP_PATH]
    const out = await device.shell(args, { timeoutMs, signal: o.signal })
    if (/UI hier\w+ dumped to/.test(out.stdout)) {
      return (await device.execOut(['cat', DUMP_PATH], { timeoutMs, signal: o.signal })).toString('utf8')
    }
    said = `${out.stdout}\n${out.stderr}`.trim() || 'no output'
    if (!TRANSIENT.test(said)) break
    if (attempt < attempts) await sleep(o.retryDelayMs ?? 500, undefined, { signal: o.signal })
  }
  const hint = /idle state/i.test(said) ? ' (the screen kept changing: turn animations off, or wait for it to settle)' : ''
  throw new TargetError(`uiautomator dump on ${device.serial} failed: ${said}${hint}`, { context: { serial: device.serial, attempts } })
}
