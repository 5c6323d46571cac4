// Which of the languages an extension ships `init` writes into the plugin's `locales`: runs that
// a keyless suite can pass, and few enough that CI does not pay once per language for fifty of
// them. A long-word language first (labels overflow there), then any other Latin-script one.

/** What init knows about one shipped language. */
export interface ShippedLocale {
  /** The folder name under _locales: 'de', 'pt_BR'. */
  locale: string
  /** The writing system its messages use that the keyless model's OCR cannot read ('Arabic'), if any. */
  unreadable?: string
}

export interface LocaleChoice {
  /** The config's `locales`, the default first; empty when only the default is readable keyless. */
  run: string[]
  /** Shipped in a script the keyless model cannot read: a vision model judges those runs. */
  visionOnly: ShippedLocale[]
  /** Readable, left out to keep the matrix small. */
  left: string[]
}

/** At most this many runs per file; more languages are listed in the config's comment. */
export const MAX_LOCALE_RUNS = 3
/** Languages whose words run long, where a label overflows its button first. */
const LONG_WORDS = ['de', 'fi', 'nl', 'ru', 'pl', 'fr']

export function chooseLocales(defaultLocale: string, shipped: readonly ShippedLocale[]): LocaleChoice {
  const others = shipped.filter((s) => s.locale !== defaultLocale)
  const readable = others.filter((s) => s.unreadable === undefined).map((s) => s.locale)
  const rank = (locale: string) => {
    const at = LONG_WORDS.indexOf(locale.split('_')[0]!.toLowerCase())
    return at < 0 ? LONG_WORDS.length : at
  }
  const ordered = [...readable].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  const extra = ordered.slice(0, MAX_LOCALE_RUNS - 1)
  return {
    run: extra.length > 0 ? [defaultLocale, ...extra] : [],
    visionOnly: others.filter((s) => s.unreadable !== undefined),
    left: ordered.slice(extra.length),
  }
}

/** The comment lines over the plugin call that say what the `locales` leave out and why. */
export function localeComment(choice: LocaleChoice): string[] {
  const lines: string[] = []
  if (choice.visionOnly.length > 0) {
    const named = choice.visionOnly.map((s) => `${s.locale} (${s.unreadable})`).join(', ')
    const them = choice.visionOnly.length === 1 ? 'it' : 'them'
    lines.push(`${named}: the keyless model's OCR reads Latin script only; add ${them} to \`locales\` once a vision model runs the suite (AGENTPROBE_MODEL or a provider's key).`)
  }
  if (choice.left.length > 0) lines.push(`Also shipped, left out to keep each run short: ${choice.left.join(', ')}.`)
  return lines
}
