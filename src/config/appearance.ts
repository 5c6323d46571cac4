// What the user's browser looks like to them: its UI language (which `_locales` folder the
// extension shows, and right-to-left for Arabic or Hebrew), its light or dark theme and its scale
// (a high-density screen) and its default page zoom. One value each for a run; `locales` /
// `colorSchemes` / `deviceScaleFactors` / `zooms` in the plugin make a project of each.
import { ConfigError } from '../core/errors.ts'
import { COLOR_SCHEMES, DEVICE_SCALE_FACTORS, ZOOMS, type ColorScheme } from '../targets/browser.ts'

export interface Appearance {
  locale?: string
  colorScheme?: ColorScheme
  deviceScaleFactor?: number
  zoom?: number
}

// A BCP 47 language with an optional region or script, as Chromium and `_locales` name them: de, ar, pt-BR, zh_TW, sr-Latn.
const LOCALE = /^[a-z]{2,3}(?:[-_](?:[A-Z]{2}|[A-Z][a-z]{3}|\d{3}))?$/

/** A locale option, checked; a ConfigError naming `source` otherwise. */
export function locale(value: unknown, source: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && LOCALE.test(value)) return value
  throw new ConfigError(`${source} must be a language tag such as 'de', 'ar' or 'pt-BR', got ${JSON.stringify(value)}`)
}

/** A colorScheme option, checked. */
export function colorScheme(value: unknown, source: string): ColorScheme | undefined {
  if (value === undefined) return undefined
  if ((COLOR_SCHEMES as readonly unknown[]).includes(value)) return value as ColorScheme
  throw new ConfigError(`${source} must be one of ${COLOR_SCHEMES.join(', ')}, got ${JSON.stringify(value)}`)
}

/** A deviceScaleFactor option, checked: only the factors measured to work (the window fits, the toolbar is found, clicks land). */
export function deviceScaleFactor(value: unknown, source: string): number | undefined {
  if (value === undefined) return undefined
  if ((DEVICE_SCALE_FACTORS as readonly unknown[]).includes(value)) return value as number
  throw new ConfigError(`${source} must be one of ${DEVICE_SCALE_FACTORS.join(', ')} (device pixels per CSS pixel), got ${JSON.stringify(value)}`)
}

/** A zoom option, checked: only the zooms measured to apply (ZOOMS). */
export function zoom(value: unknown, source: string): number | undefined {
  if (value === undefined) return undefined
  if ((ZOOMS as readonly unknown[]).includes(value)) return value as number
  throw new ConfigError(`${source} must be one of ${ZOOMS.join(', ')} (the default page zoom, 1.5 for 150%), got ${JSON.stringify(value)}`)
}

/** The appearance options, checked. */
export function appearance(options: { locale?: unknown; colorScheme?: unknown; deviceScaleFactor?: unknown; zoom?: unknown }, source: string): Appearance {
  return {
    ...withValue('locale', locale(options.locale, `${source} locale`)),
    ...withValue('colorScheme', colorScheme(options.colorScheme, `${source} colorScheme`)),
    ...withValue('deviceScaleFactor', deviceScaleFactor(options.deviceScaleFactor, `${source} deviceScaleFactor`)),
    ...withValue('zoom', zoom(options.zoom, `${source} zoom`)),
  }
}

const withValue = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>))
