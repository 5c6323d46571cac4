// The Android target: a Screen over adb, and the `android` helpers (app lifecycle, uiautomator).
export { AdbDevice, connectDevice, type AdbConnectOptions } from './adb-device.ts'
export { AndroidScreen, type AndroidScreenOptions } from './android-screen.ts'
export { AndroidHelpers, type DumpRecorder, type FindResult, type LaunchOptions, type WaitOptions } from './android-helpers.ts'
export { dumpUi, type DumpOptions } from './uiautomator-dump.ts'
export { parseHierarchy, type UiHierarchy, type UiNode } from './uiautomator-parse.ts'
export { closestNodes, describeNode, describeQuery, findNodes, type ElementQuery } from './uiautomator-query.ts'
