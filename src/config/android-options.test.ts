import { expect, it } from 'vitest'
import { resolveAndroid } from './android-options.ts'

const none = () => false

it('takes the option first, then ANDROID_HOME, then ANDROID_SDK_ROOT', () => {
  const env = { ANDROID_HOME: '/home-sdk', ANDROID_SDK_ROOT: '/root-sdk' }
  expect(resolveAndroid({ sdkRoot: '/opt/sdk' }, env, none)).toMatchObject({ sdkRoot: '/opt/sdk', sdkReason: 'from the sdkRoot option' })
  expect(resolveAndroid({}, env, none)).toMatchObject({ sdkRoot: '/home-sdk', sdkReason: 'from ANDROID_HOME' })
  expect(resolveAndroid({}, { ANDROID_SDK_ROOT: '/root-sdk' }, none)).toMatchObject({ sdkRoot: '/root-sdk', sdkReason: 'from ANDROID_SDK_ROOT' })
})

it("falls back to Debian's SDK folder when it holds adb, and says when nothing does", () => {
  expect(resolveAndroid({}, {}, (root) => root === '/usr/lib/android-sdk')).toMatchObject({ sdkRoot: '/usr/lib/android-sdk', sdkReason: 'found at /usr/lib/android-sdk' })
  expect(() => resolveAndroid({}, {}, none)).toThrow(/no Android SDK: set ANDROID_HOME \(or ANDROID_SDK_ROOT\)/)
})

it('keeps the device choice, with ANDROID_SERIAL as the default serial', () => {
  expect(resolveAndroid({ avd: 'pixel_4_api28', includeXml: true }, { ANDROID_HOME: '/s', ANDROID_SERIAL: 'emulator-5556' }, none)).toEqual({
    sdkRoot: '/s',
    sdkReason: 'from ANDROID_HOME',
    avd: 'pixel_4_api28',
    includeXml: true,
    serial: 'emulator-5556',
  })
})
