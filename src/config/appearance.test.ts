import { describe, expect, it } from 'vitest'
import { appearance } from './appearance.ts'

describe('appearance', () => {
  it('takes a language tag and a colour scheme, and names the option it refuses', () => {
    expect(appearance({ locale: 'ar', colorScheme: 'dark' }, 'the plugin option')).toEqual({ locale: 'ar', colorScheme: 'dark' })
    expect(appearance({}, 'the plugin option')).toEqual({})
    expect(() => appearance({ locale: 'Arabic' }, 'the plugin option')).toThrow(`the plugin option locale must be a language tag such as 'de', 'ar' or 'pt-BR', got "Arabic"`)
    expect(() => appearance({ colorScheme: 'dim' }, 'the plugin option')).toThrow('the plugin option colorScheme must be one of light, dark, got "dim"')
  })
})
