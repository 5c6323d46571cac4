// Chrome shows a `__MSG_key__` manifest string as the message of that key in the default
// locale's messages.json (keys compare case-insensitively); the harness needs the same text, e.g.
// for the letter Chrome draws on the toolbar tile of an extension without an icon.
import { join } from 'node:path'
import { ConfigError, errorMessage } from '../core/errors.ts'
import { readChromeJson } from '../targets/read-manifest.ts'

const PLACEHOLDER = /^__MSG_(\w+)__$/

/** The manifest string as Chrome shows it: a `__MSG_key__` placeholder replaced by its message. */
export async function localizedName(dir: string, value: string, defaultLocale: string | undefined): Promise<string> {
  const key = PLACEHOLDER.exec(value)?.[1]
  if (!key) return value
  if (!defaultLocale) throw new ConfigError(`the extension's manifest name "${value}" (in ${join(dir, 'manifest.json')}) is a message, but the manifest has no default_locale`)
  const path = join(dir, '_locales', defaultLocale, 'messages.json')
  let messages: Record<string, { message?: unknown } | undefined>
  try {
    messages = (await readChromeJson(path)) as typeof messages
  } catch (error) {
    throw new ConfigError(`cannot read ${path} for the manifest name "${value}": ${errorMessage(error)}`, { cause: error })
  }
  const entry = Object.entries(messages).find(([name]) => name.toLowerCase() === key.toLowerCase())?.[1]
  if (typeof entry?.message !== 'string') throw new ConfigError(`${path} has no message "${key}" for the manifest name "${value}"`)
  return entry.message
}
