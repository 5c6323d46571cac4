// appium-adb logs every command at debug level to stderr through Appium's global npmlog; a test
// run only wants warnings. The level is global to the process, so it is set once here.
const global = globalThis as { _global_npmlog?: { level: string } }

export function quietAppiumLogs(level = 'warn'): void {
  if (global._global_npmlog) global._global_npmlog.level = level
}
