// A locale Chromium cannot show falls back to en-US without a word (its language pack, a
// locales/<lang>.pak beside the executable, is packaged apart on Debian): a run asked for `ar`
// that ran in English would pass every test it was meant to catch. The first page says which
// language the browser runs in.
import { ConfigError } from '../../core/errors.ts'
import type { ChromeHelpers } from './cdp.ts'

/** Throws a ConfigError when the browser's UI language is not `locale` (compared by language, then region if asked). */
export async function expectUiLanguage(helpers: ChromeHelpers, locale: string): Promise<void> {
  const running = await helpers.evaluate<string>({ type: 'page' }, 'navigator.language')
  if (sameLanguage(running, locale)) return
  throw new ConfigError(
    `locale '${locale}': Chromium runs in ${running} instead, because it has no language pack for ${locale} ` +
      `(locales/${locale}.pak beside the executable; on Debian and Ubuntu: apt-get install chromium-l10n)`,
    { context: { locale, running } },
  )
}

/** 'ar' is satisfied by 'ar' or 'ar-EG'; 'pt-BR' only by 'pt-BR'. */
export function sameLanguage(running: string, asked: string): boolean {
  const [lang, region] = asked.toLowerCase().split(/[-_]/)
  const [runningLang, runningRegion] = running.toLowerCase().split(/[-_]/)
  return lang === runningLang && (region === undefined || region === runningRegion)
}
