// A locale the browser cannot show falls back to en-US without a word (its language pack is
// packaged apart on Debian): a run asked for `ar` that ran in English would pass every test it was
// meant to catch. So each browser says, once launched, which language it runs in.
import { ConfigError } from '../core/errors.ts'

/** Throws a ConfigError when `running` (the language `browser` says it runs in) is not `locale`; `pack` says where its language pack comes from. */
export function expectUiLanguage(browser: string, running: string, locale: string, pack: string): void {
  if (sameLanguage(running, locale)) return
  throw new ConfigError(`locale '${locale}': ${browser} runs in ${running} instead, because it has no language pack for ${locale} (${pack})`, { context: { locale, running } })
}

/** 'ar' is satisfied by 'ar' or 'ar-EG'; 'pt-BR' only by 'pt-BR'. */
export function sameLanguage(running: string, asked: string): boolean {
  const [lang, region] = asked.toLowerCase().split(/[-_]/)
  const [runningLang, runningRegion] = running.toLowerCase().split(/[-_]/)
  return lang === runningLang && (region === undefined || region === runningRegion)
}
