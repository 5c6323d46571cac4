import { describe, expect, it } from 'vitest'
import { chooseLocales, localeComment } from './locale-matrix.ts'

const shipped = (...names: string[]) => names.map((name) => (name.includes(':') ? { locale: name.split(':')[0]!, unreadable: name.split(':')[1]! } : { locale: name }))

describe('chooseLocales', () => {
  it('runs the default first, then a long-word language, and names what it leaves out', () => {
    const choice = chooseLocales('en', shipped('ar:Arabic', 'de', 'en', 'es', 'it', 'ja:Han', 'pt_BR'))
    expect(choice.run).toEqual(['en', 'de', 'es'])
    expect(choice.visionOnly.map((s) => s.locale)).toEqual(['ar', 'ja'])
    expect(choice.left).toEqual(['it', 'pt_BR'])
    expect(localeComment(choice)).toEqual([
      "ar (Arabic), ja (Han): the keyless model's OCR reads Latin script only; add them to `locales` once a vision model runs the suite (AGENTPROBE_MODEL or a provider's key).",
      'Also shipped, left out to keep each run short: it, pt_BR.',
    ])
  })

  it('writes no matrix when only the default language can be judged keyless, and says why', () => {
    const choice = chooseLocales('en', shipped('en', 'he:Hebrew'))
    expect(choice.run).toEqual([])
    expect(localeComment(choice)).toHaveLength(1)
    expect(localeComment(choice)[0]).toMatch(/^he \(Hebrew\): /)
  })

  it('keeps a default locale that is not English first', () => {
    expect(chooseLocales('fr', shipped('en', 'fr', 'nl')).run).toEqual(['fr', 'nl', 'en'])
  })
})
