// The `android` capability object: app lifecycle over adb (launch by monkey or `am start`, clear
// data, stop, animations) and deterministic element checks over uiautomator (dump, find, tap).
// Dumps can be handed to a recorder, so a test's artifacts keep the XML each check judged.
import { TargetError } from '../../core/errors.ts'
import { normalizeCombo } from '../../core/keys.ts'
import type { AdbDevice } from './adb-device.ts'
import { keycodeOf } from './keycodes.ts'
import { dumpUi, type DumpOptions } from './uiautomator-dump.ts'
import { parseHierarchy, type UiHierarchy, type UiNode } from './uiautomator-parse.ts'
import { closestNodes, describeNode, describeQuery, findNodes, type ElementQuery } from './uiautomator-query.ts'
import { parseWindowFocus, type ForegroundApp } from './window-focus.ts'

/** Keeps a dump's XML (e.g. in the test's artifacts); `label` says what it was taken for. */
export type DumpRecorder = (label: string, xml: string) => Promise<void>

export interface LaunchOptions {
  /** Start this activity with `am start -W -n` instead of the launcher intent (monkey). */
  activity?: string
  /** `pm clear` first: a fresh install's state. */
  clearData?: boolean
  /** How long the app may take to come to the front, ms (default 15 s). */
  timeoutMs?: number
}

export interface WaitOptions {
  timeoutMs?: number
  /** Wait until the query matches ('present') or until it no longer does ('absent'). */
  until?: 'present' | 'absent'
}

export interface FindResult {
  nodes: UiNode[]
  hierarchy: UiHierarchy
}

const ANIMATION_SCALES = ['window_animation_scale', 'transition_animation_scale', 'animator_duration_scale']

export class AndroidHelpers {
  readonly device: AdbDevice
  readonly #dump: DumpOptions
  readonly #record: DumpRecorder | undefined

  constructor(device: AdbDevice, options: { dump?: DumpOptions; record?: DumpRecorder } = {}) {
    this.device = device
    this.#dump = options.dump ?? {}
    this.#record = options.record
  }

  /** The same helpers, recording every dump with `record`. */
  recording(record: DumpRecorder): AndroidHelpers {
    return new AndroidHelpers(this.device, { dump: this.#dump, record })
  }

  get serial(): string {
    return this.device.serial
  }

  async launch(pkg: string, o: LaunchOptions = {}): Promise<void> {
    if (o.clearData) await this.clearData(pkg)
    if (o.activity) {
      const { stdout, stderr } = await this.device.shell(['am', 'start', '-W', '-n', `${pkg}/${o.activity}`])
      if (/Error/.test(stdout + stderr)) throw new TargetError(`cannot start ${pkg}/${o.activity}: ${(stdout + stderr).trim().split('\n').filter((l) => /Error/.test(l)).join(' ')}`)
    } else {
      const { stdout, stderr } = await this.device.shell(['monkey', '-p', pkg, '-c', 'android.intent.category.LAUNCHER', '1']).catch((error: unknown) => {
        if (error instanceof TargetError && /No activities found/.test(error.message)) throw new TargetError(`cannot launch ${pkg}: it is not installed on ${this.serial}, or has no launcher activity`, { cause: error })
        throw error
      })
      if (!/Events injected: 1/.test(stdout)) throw new TargetError(`cannot launch ${pkg}: monkey said ${JSON.stringify((stdout + stderr).trim())}`)
    }
    await this.#waitForeground(pkg, o.timeoutMs ?? 15_000)
  }

  /** `pm clear`: the app's data and its running process are gone. */
  async clearData(pkg: string): Promise<void> {
    const { stdout } = await this.device.shell(['pm', 'clear', pkg])
    if (!/Success/.test(stdout)) throw new TargetError(`pm clear ${pkg} on ${this.serial} printed ${JSON.stringify(stdout.trim())}: is it installed?`)
  }

  async stop(pkg: string): Promise<void> {
    await this.device.shell(['am', 'force-stop', pkg])
  }

  /** Animations on (scale 1) or off (0): off makes frames settle and uiautomator reach idle sooner. */
  async setAnimations(enabled: boolean): Promise<void> {
    const scale = enabled ? '1' : '0'
    await this.device.shell(ANIMATION_SCALES.flatMap((key, i) => [...(i ? [';'] : []), 'settings', 'put', 'global', key, scale]))
  }

  async foreground(): Promise<ForegroundApp | undefined> {
    return parseWindowFocus((await this.device.shell(['dumpsys', 'window', 'windows'])).stdout)
  }

  /** Presses a key by name ('back', 'homescreen', 'enter'…), as a numeric key event. */
  async press(key: string): Promise<void> {
    const [name] = normalizeCombo(key)
    const code = name === undefined ? undefined : keycodeOf(name)
    if (code === undefined) throw new TargetError(`no Android key code for "${key}"`)
    await this.device.shell(['input', 'keyevent', String(code)])
  }

  back(): Promise<void> {
    return this.press('back')
  }

  home(): Promise<void> {
    return this.press('homescreen')
  }

  /** The current UI hierarchy; recorded when a recorder is set. */
  async dump(label = 'dump'): Promise<UiHierarchy> {
    const xml = await dumpUi(this.device, this.#dump)
    await this.#record?.(label, xml)
    return parseHierarchy(xml)
  }

  async find(query: ElementQuery): Promise<UiNode[]> {
    return (await this.waitFor(query, { timeoutMs: 0 })).nodes
  }

  /** Dumps until the query is present (or absent), or the time is up; returns the last dump. */
  async waitFor(query: ElementQuery, o: WaitOptions = {}): Promise<FindResult> {
    const deadline = Date.now() + (o.timeoutMs ?? 5000)
    for (;;) {
      const hierarchy = await this.dump(`find ${describeQuery(query)}`)
      const nodes = findNodes(hierarchy, query)
      if ((o.until === 'absent') === (nodes.length === 0) || Date.now() >= deadline) return { nodes, hierarchy }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  /** Taps the centre of the first node matching the query, waiting up to `timeoutMs` for it. */
  async tap(query: ElementQuery, o: { timeoutMs?: number } = {}): Promise<UiNode> {
    const { nodes, hierarchy } = await this.waitFor(query, { timeoutMs: o.timeoutMs ?? 5000 })
    const node = nodes[0]
    if (!node) {
      const near = closestNodes(hierarchy, query).map((n) => `\n    ${describeNode(n)}`).join('')
      throw new TargetError(`android.tap: nothing matches ${describeQuery(query)}; closest nodes:${near || ' (none)'}`)
    }
    // uiautomator bounds are in input coordinates already: no frame scaling here
    await this.device.shell(['input', 'tap', String(node.center.x), String(node.center.y)])
    return node
  }

  /** The device for traces: serial, model, Android version. */
  async describe(): Promise<string> {
    const { stdout } = await this.device.shell(['getprop', 'ro.product.model', ';', 'getprop', 'ro.build.version.release', ';', 'getprop', 'ro.build.version.sdk'])
    const [model = '?', release = '?', sdk = '?'] = stdout.split(/\r?\n/).map((l) => l.trim())
    return `${this.serial} · ${model} · Android ${release} (API ${sdk})`
  }

  async #waitForeground(pkg: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    let front = await this.foreground()
    while (front?.package !== pkg && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      front = await this.foreground()
    }
    if (front?.package !== pkg) throw new TargetError(`${pkg} did not come to the front within ${timeoutMs} ms (in front: ${front ? `${front.package}/${front.activity}` : 'nothing'})`)
  }
}
