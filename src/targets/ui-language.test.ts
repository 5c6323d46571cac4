import { describe, expect, it } from 'vitest'
import { sameLanguage } from './ui-language.ts'

describe('sameLanguage', () => {
  it('takes any region for a bare language, and only the asked region for one with a region', () => {
    expect(sameLanguage('ar', 'ar')).toBe(true)
    expect(sameLanguage('de-DE', 'de')).toBe(true)
    expect(sameLanguage('pt-BR', 'pt_BR')).toBe(true)
    expect(sameLanguage('pt-PT', 'pt-BR')).toBe(false)
    expect(sameLanguage('en-US', 'ar')).toBe(false)
  })
})
