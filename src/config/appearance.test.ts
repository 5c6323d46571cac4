import { describe, expect, it } from 'vitest'
import { appearance } from './appearance.ts'

describe('appearance', () => {
  it('takes a language tag and a colour scheme, and names the option it refuses', () => {
    expect(appearance({ locale: 'ar', colorScheme: 'dark' }, undefined, 'the plugin option')).toEqual({ locale: 'ar', colorScheme: 'dark' })
    expect(appearance({}, 'firefox', 'the plugin option')).toEqual({})
    expect(() => appearance({ locale: 'Arabic' }, undefined, 'the plugin option')).toThrow(`the plugin option locale must be a language tag such as 'de', 'ar' or 'pt-BR', got "Arabic"`)
    expect(() => appearance({ colorScheme: 'dim' }, undefined, 'the plugin option')).toThrow('the plugin option colorScheme must be one of light, dark, got "dim"')
  })

  it('refuses them on Firefox rather than run in its default language and theme', () => {
    expect(() => appearance({ locale: 'de', colorScheme: 'dark' }, 'firefox', 'the plugin option')).toThrow('the plugin option locale and colorScheme: Chromium only for now')
  })
})
