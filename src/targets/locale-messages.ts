// Which of an extension's _locales lack messages its default locale has. Chromium shows the
// default locale's text for a missing message without a word: a German popup with one English
// button is a bug users report, and a test run in German should say it is coming.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { readChromeJson, readManifest } from './read-manifest.ts'

export interface LocaleMessages {
  defaultLocale: string
  /** Every folder under _locales, the default one included, sorted. */
  locales: string[]
  /** For each locale that lacks some, the message names it lacks (present in the default locale). */
  missing: Record<string, string[]>
}

/** The extension's locales and their missing messages; undefined when its manifest has no default_locale. */
export async function localeMessages(dir: string): Promise<LocaleMessages | undefined> {
  const { manifest } = await readManifest(dir)
  const defaultLocale = manifest.default_locale
  if (typeof defaultLocale !== 'string') return undefined
  const folder = join(dir, '_locales')
  const locales = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort()
  const names = async (locale: string) => Object.keys(await readChromeJson(join(folder, locale, 'messages.json')))
  // (message names are case-insensitive to chrome.i18n)
  const wanted = (await names(defaultLocale)).map((n) => n.toLowerCase())
  const missing: Record<string, string[]> = {}
  for (const locale of locales.filter((l) => l !== defaultLocale)) {
    const has = new Set((await names(locale)).map((n) => n.toLowerCase()))
    const lacks = wanted.filter((n) => !has.has(n))
    if (lacks.length > 0) missing[locale] = lacks
  }
  return { defaultLocale, locales, missing }
}

/** What a run in `locale` will show that is not in that language, or undefined when it has every message. */
export function localeGap(messages: LocaleMessages, locale: string): string | undefined {
  const shipped = messages.locales.find((l) => l.toLowerCase() === locale.replace('-', '_').toLowerCase()) ?? messages.locales.find((l) => l.toLowerCase() === locale.split(/[-_]/)[0]!.toLowerCase())
  if (shipped === undefined) return `the extension ships no _locales/${locale}: it shows its default_locale (${messages.defaultLocale}) text`
  const lacks = messages.missing[shipped]
  return lacks ? `_locales/${shipped}/messages.json lacks ${lacks.map((n) => `'${n}'`).join(', ')}: Chromium shows the ${messages.defaultLocale} text there` : undefined
}
