// One Android device reached through appium-adb: the SDK's adb (sdkRoot), the device chosen by
// serial, by a running emulator's AVD name, or the first one attached; an emulator started for
// `avd` only when nothing is attached. Commands go through runAdb, so each has its own timeout.
import type { ADB } from 'appium-adb'
import { TargetError, errorMessage } from '../../core/errors.ts'
import { runAdb, type AdbCommandOptions, type AdbOutput } from './adb-command.ts'
import { quietAppiumLogs } from './quiet-appium-logs.ts'

export interface AdbConnectOptions {
  /** The Android SDK folder holding platform-tools/adb. */
  sdkRoot: string
  /** A device serial from `adb devices` (e.g. 'emulator-5554'). */
  serial?: string
  /** An AVD name: a running emulator with it is used; started when no device is attached. */
  avd?: string
  /** Timeout of one adb command, ms (default 20 s). */
  commandTimeoutMs?: number
  /** How long an emulator may take to boot, ms (default 3 minutes). */
  bootTimeoutMs?: number
}

/** A connected device; `signal` aborts when a command finds it gone. */
export class AdbDevice {
  readonly adb: ADB
  readonly serial: string
  /** How the device was chosen, for logs. */
  readonly chosen: string
  readonly #timeoutMs: number
  readonly #gone = new AbortController()
  readonly #emulator: { stop(): Promise<unknown> } | undefined

  constructor(adb: ADB, serial: string, chosen: string, timeoutMs: number, emulator?: { stop(): Promise<unknown> }) {
    this.adb = adb
    this.serial = serial
    this.chosen = chosen
    this.#timeoutMs = timeoutMs
    this.#emulator = emulator
  }

  get signal(): AbortSignal {
    return this.#gone.signal
  }

  /** `adb shell <args>` (adb joins them into one device shell line): stdout and stderr. */
  shell(args: string[], o: AdbCommandOptions = {}): Promise<AdbOutput<string>> {
    return this.#guard(runAdb(this.adb.executable.path, this.#args('shell', args), this.#options(o)))
  }

  /** `adb exec-out <args>`: stdout as bytes, untouched by a terminal. */
  async execOut(args: string[], o: AdbCommandOptions = {}): Promise<Buffer> {
    return (await this.#guard(runAdb(this.adb.executable.path, this.#args('exec-out', args), { ...this.#options(o), binary: true }))).stdout
  }

  /** Stops the emulator this device started, if any. */
  async close(): Promise<void> {
    await this.#emulator?.stop()
  }

  #args(command: string, args: string[]): string[] {
    return [...this.adb.executable.defaultArgs, command, ...args]
  }

  #options(o: AdbCommandOptions): AdbCommandOptions {
    return { timeoutMs: o.timeoutMs ?? this.#timeoutMs, signal: o.signal }
  }

  async #guard<T>(running: Promise<T>): Promise<T> {
    try {
      return await running
    } catch (error) {
      if (error instanceof TargetError && error.code === 'AGENTPROBE_TARGET_CRASHED') this.#gone.abort(error)
      throw error
    }
  }
}

export async function connectDevice(o: AdbConnectOptions): Promise<AdbDevice> {
  const timeoutMs = o.commandTimeoutMs ?? 20_000
  let adb: ADB
  try {
    // Loaded on first use: appium-adb and its support library cost most of a CPU-second to import, in every process that tests a browser.
    const { ADB } = await import('appium-adb')
    quietAppiumLogs()
    adb = await ADB.createADB({ sdkRoot: o.sdkRoot, adbExecTimeout: timeoutMs })
  } catch (error) {
    throw new TargetError(`cannot use adb from the Android SDK at ${o.sdkRoot}: ${errorMessage(error)}`, { cause: error })
  }
  const attached = (await adb.getConnectedDevices()).filter((d) => d.state === 'device').map((d) => d.udid)
  const pick = async (serial: string, chosen: string, emulator?: { stop(): Promise<unknown> }) => {
    adb.setDeviceId(serial)
    return new AdbDevice(adb, serial, chosen, timeoutMs, emulator)
  }
  if (o.serial) {
    if (!attached.includes(o.serial)) throw new TargetError(`device ${o.serial} is not attached; \`adb devices\` lists: ${attached.join(', ') || 'none'}`)
    return pick(o.serial, `${o.serial} (by serial)`)
  }
  if (o.avd) {
    const running = await findAvd(adb, attached, o.avd)
    if (running) return pick(running, `${running} (AVD ${o.avd}, already running: no emulator started)`)
    if (attached[0]) return pick(attached[0], `${attached[0]} (attached; AVD ${o.avd} is not running, and no emulator is started while a device is attached)`)
    const started = await startAvd(adb, o.avd, o.bootTimeoutMs ?? 180_000)
    return pick(started.serial, `${started.serial} (AVD ${o.avd}, started)`, started)
  }
  if (!attached[0]) throw new TargetError('no Android device: `adb devices` lists none; start an emulator, connect a device, or name an AVD to start')
  return pick(attached[0], `${attached[0]} (the first attached device)`)
}

/** The serial of a running emulator whose AVD is `avd` (`adb -s emulator-N emu avd name`). */
async function findAvd(adb: ADB, serials: string[], avd: string): Promise<string | undefined> {
  for (const serial of serials.filter((s) => s.startsWith('emulator-'))) {
    const out = await runAdb(adb.executable.path, [...adb.executable.defaultArgs, '-s', serial, 'emu', 'avd', 'name'], { timeoutMs: 5000 }).catch(() => undefined)
    if (out?.stdout.split(/\r?\n/)[0]?.trim().toLowerCase() === avd.toLowerCase()) return serial
  }
  return undefined
}

async function startAvd(adb: ADB, avd: string, bootTimeoutMs: number): Promise<{ serial: string; stop(): Promise<unknown> }> {
  try {
    const process = await adb.launchAVD(avd, { launchTimeout: bootTimeoutMs, readyTimeout: bootTimeoutMs })
    const serial = adb.curDeviceId
    if (!serial) throw new Error('the emulator started but adb does not list it')
    return { serial, stop: () => process.stop() }
  } catch (error) {
    throw new TargetError(`no device is attached and AVD ${avd} could not be started: ${errorMessage(error)}`, { cause: error })
  }
}
