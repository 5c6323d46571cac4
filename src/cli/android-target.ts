// `agentprobe run --target android`: the flags (--avd, --include-xml) and the environment
// (ANDROID_HOME, ANDROID_SDK_ROOT, ANDROID_SERIAL) as the options the plugin and the workers get.
import { resolve } from 'node:path'
import { resolveAndroid, type ResolvedAndroid } from '../config/android-options.ts'

export interface AndroidRun {
  options: { target: 'android'; android: ResolvedAndroid }
  /** Says which SDK (and AVD) the run uses; the device itself is named when the case starts. */
  line: string
}

export function androidRun(flags: { avd?: string; 'include-xml'?: boolean }, env: Record<string, string | undefined>): AndroidRun {
  const found = resolveAndroid({ avd: flags.avd, includeXml: flags['include-xml'] }, env)
  // a relative ANDROID_HOME means the working folder's, not the one Vitest runs the cases in
  const android = { ...found, sdkRoot: resolve(found.sdkRoot) }
  const avd = android.avd ? `, AVD ${android.avd} (used when running, started when no device is attached)` : ''
  return {
    options: { target: 'android', android },
    line: `agentprobe: Android SDK ${android.sdkRoot} (${android.sdkReason})${avd}${android.includeXml ? ', keeping uiautomator dumps' : ''}`,
  }
}
