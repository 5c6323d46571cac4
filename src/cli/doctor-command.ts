// `agentprobe doctor`: one line per check with the command that fixes it; exit 1 when something
// required is missing, so CI can run it first and fail with the reason instead of a timeout.
import { access } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { oneOf, parseFlags } from './args.ts'
import { formatCheck, type Check } from './check.ts'
import { checkHistory } from './history-check.ts'
import { checkManifest } from './manifest-checks.ts'
import { checkModel } from './model-check.ts'
import { checkAndroidSdk, checkChromium, checkDisplay, checkFirefox, checkNode, checkTool, TOOLS } from './system-checks.ts'

const FLAGS = {
  target: { type: 'string' },
  extension: { type: 'string' },
  'check-model': { type: 'boolean' },
  model: { type: 'string' },
} as const

export async function doctorCommand(args: string[], env: Record<string, string | undefined>, log: (line: string) => void): Promise<number> {
  const { values } = parseFlags(args, FLAGS, 'doctor')
  const target = oneOf(values.target ?? 'browser', ['browser', 'android'] as const, 'target')
  const cwd = process.cwd()
  const extension = values.extension ?? (await access(join(cwd, 'dist', 'manifest.json')).then(() => 'dist', () => undefined))

  const checks: Check[] = [checkNode()]
  if (target === 'browser') {
    for (const tool of TOOLS) checks.push(await checkTool(tool, env))
    checks.push(await checkChromium(env.CHROME_PATH || undefined), await checkFirefox(env.FIREFOX_PATH || undefined), await checkDisplay(env.DISPLAY || undefined))
  }
  const adb = checkAndroidSdk(env)
  checks.push(target === 'android' || adb.status === 'ok' ? adb : { ...adb, status: 'skip', detail: `not found (only --target android needs it): ${adb.detail}` })
  if (extension !== undefined) {
    const dir = resolve(cwd, extension)
    const rel = relative(cwd, dir)
    checks.push(...(await checkManifest(dir, rel.startsWith('..') ? dir : rel || '.')))
  } else if (target === 'browser') {
    checks.push({ name: 'manifest', status: 'skip', detail: 'no extension checked: pass --extension DIR (./dist is checked when it has a manifest.json)' })
  }
  checks.push(values['check-model'] ? await checkModel(values.model, env, extension && resolve(cwd, extension)) : { name: 'model', status: 'skip', detail: 'not called: pass --check-model for one tiny verification call' })
  checks.push(await checkHistory(cwd, env))

  const width = Math.max(...checks.map((c) => c.name.length))
  for (const check of checks) log(formatCheck(check, width))
  const failed = checks.filter((c) => c.status === 'fail')
  log(failed.length === 0 ? 'doctor: ready' : `doctor: ${failed.length} required check(s) failed: ${failed.map((c) => c.name).join(', ')}`)
  return failed.length === 0 ? 0 : 1
}
