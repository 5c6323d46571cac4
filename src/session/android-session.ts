// Starts what an Android test runs on: the device (appium-adb), its Screen and the `android`
// helpers, with animations off unless asked otherwise. The plugin and the CLI both start it here.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AndroidHelpers } from '../targets/android/android-helpers.ts'
import { AndroidScreen } from '../targets/android/android-screen.ts'
import { connectDevice } from '../targets/android/adb-device.ts'
import { dumpUi } from '../targets/android/uiautomator-dump.ts'
import type { ResolvedAndroid } from '../config/android-options.ts'
import { slug } from './artifact-paths.ts'

export interface AndroidSession {
  screen: AndroidScreen
  android: AndroidHelpers
  /** Recorded in traces: the device (serial, model, Android version). */
  versions: Record<string, string>
  /** Aborted when the device goes away. */
  signal: AbortSignal
  /** How the device was chosen, for the log. */
  chosen: string
  /** With includeXml, writes the current dump beside a saved frame (step-03.png → step-03.xml). */
  dumpBeside(dir: string, frameFile: string): Promise<string | undefined>
  /** The helpers for one test: with includeXml, every dump a check takes is kept in `dir` (xml-01-<label>.xml…). */
  helpersFor(dir: string): AndroidHelpers
  close(): Promise<void>
}

export async function startAndroid(options: ResolvedAndroid): Promise<AndroidSession> {
  const device = await connectDevice({ sdkRoot: options.sdkRoot, serial: options.serial, avd: options.avd })
  try {
    const android = new AndroidHelpers(device)
    if (!options.keepAnimations) await android.setAnimations(false)
    const screen = await AndroidScreen.open(device)
    return {
      screen,
      android,
      versions: { device: await android.describe(), deviceChoice: device.chosen },
      signal: device.signal,
      chosen: device.chosen,
      async dumpBeside(dir, frameFile) {
        if (!options.includeXml) return undefined
        const file = frameFile.replace(/\.png$/, '.xml')
        // a screen that never idles has no dump: the frame stays, without its XML
        const xml = await dumpUi(device, { attempts: 1 }).catch(() => undefined)
        if (xml === undefined) return undefined
        await writeFile(join(dir, file), xml)
        return file
      },
      helpersFor(dir) {
        if (!options.includeXml) return android
        let n = 0
        return android.recording(async (label, xml) => {
          await mkdir(dir, { recursive: true })
          await writeFile(join(dir, `xml-${String(++n).padStart(2, '0')}-${slug(label, 40)}.xml`), xml)
        })
      },
      close: () => device.close(),
    }
  } catch (error) {
    await device.close()
    throw error
  }
}
