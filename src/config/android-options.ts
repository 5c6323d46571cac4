// Where the Android SDK is and which device to use, resolved once by the plugin or the CLI
// (which pass the environment in): the sdkRoot option, else ANDROID_HOME, else ANDROID_SDK_ROOT,
// else the first usual location holding platform-tools/adb. The reason is kept for messages.
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { ConfigError } from '../core/errors.ts'

export interface AndroidOptions {
  /** The Android SDK folder (holding platform-tools/adb); default ANDROID_HOME, ANDROID_SDK_ROOT, then the usual places. */
  sdkRoot?: string
  /** A device serial (default ANDROID_SERIAL, else the first device `adb devices` lists). */
  serial?: string
  /** An AVD: a running emulator with this name is used, one is started when no device is attached. */
  avd?: string
  /** Keep the uiautomator dumps (beside each step's frame, and every check's) in the artifacts. */
  includeXml?: boolean
  /** Leave the device's animation scales alone (default: they are set to 0 for steadier frames and dumps). */
  keepAnimations?: boolean
}

export interface ResolvedAndroid extends Omit<AndroidOptions, 'sdkRoot'> {
  sdkRoot: string
  /** Where sdkRoot came from, e.g. 'from ANDROID_HOME'. */
  sdkReason: string
}

/** Debian's adb package, then Android Studio's defaults on Linux and macOS. */
export const USUAL_SDK_ROOTS = ['/usr/lib/android-sdk', join(homedir(), 'Android', 'Sdk'), join(homedir(), 'Library', 'Android', 'sdk')]

export function resolveAndroid(options: AndroidOptions, env: Record<string, string | undefined>, hasAdb = (root: string) => existsSync(join(root, 'platform-tools', 'adb'))): ResolvedAndroid {
  const { sdkRoot: option, ...rest } = options
  const serial = options.serial ?? (env.ANDROID_SERIAL || undefined)
  const chosen =
    (option && { sdkRoot: option, sdkReason: 'from the sdkRoot option' }) ||
    (env.ANDROID_HOME && { sdkRoot: env.ANDROID_HOME, sdkReason: 'from ANDROID_HOME' }) ||
    (env.ANDROID_SDK_ROOT && { sdkRoot: env.ANDROID_SDK_ROOT, sdkReason: 'from ANDROID_SDK_ROOT' })
  if (chosen) return { ...rest, ...chosen, ...(serial && { serial }) }
  const found = USUAL_SDK_ROOTS.find(hasAdb)
  if (!found) {
    throw new ConfigError(`no Android SDK: set ANDROID_HOME (or ANDROID_SDK_ROOT) to the folder holding platform-tools/adb; none found in ${USUAL_SDK_ROOTS.join(', ')}`)
  }
  return { ...rest, sdkRoot: found, sdkReason: `found at ${found}`, ...(serial && { serial }) }
}
