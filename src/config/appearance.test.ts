import { describe, expect, it } from 'vitest'
import { appearance } from './appearance.ts'

describe('appearance', () => {
  it('takes a language tag and a colour scheme, and names the option it refuses', () => {
    expect(appearance({ locale: 'ar', colorScheme: 'dark' }, 'the plugin option')).toEqual({ locale: 'ar', colorScheme: 'dark' })
    expect(appearance({}, 'the plugin option')).toEqual({})
    expect(() => appearance({ locale: 'Arabic' }, 'the plugin option')).toThrow(`the plugin option locale must be a language tag such as 'de', 'ar' or 'pt-BR', got "Arabic"`)
    expect(() => appearance({ colorScheme: 'dim' }, 'the plugin option')).toThrow('the plugin option colorScheme must be one of light, dark, got "dim"')
  })

  it('takes a measured device scale factor, and refuses any other naming the field', () => {
    expect(appearance({ deviceScaleFactor: 2 }, 'the plugin option')).toEqual({ deviceScaleFactor: 2 })
    expect(appearance({ deviceScaleFactor: 1.5 }, 'the plugin option')).toEqual({ deviceScaleFactor: 1.5 })
    for (const bad of [3, 0.5, '2', 0]) {
      expect(() => appearance({ deviceScaleFactor: bad }, 'the plugin option')).toThrow(`the plugin option deviceScaleFactor must be one of 1, 1.25, 1.5, 2 (device pixels per CSS pixel), got ${JSON.stringify(bad)}`)
    }
  })

  it('takes a measured page zoom, and refuses any other naming the field', () => {
    expect(appearance({ zoom: 1.5, deviceScaleFactor: 2 }, 'the plugin option')).toEqual({ zoom: 1.5, deviceScaleFactor: 2 })
    expect(appearance({ zoom: 0.9 }, 'the plugin option')).toEqual({ zoom: 0.9 })
    for (const bad of [3, 1.3, '150%', 0]) {
      expect(() => appearance({ zoom: bad }, 'the plugin option')).toThrow(`the plugin option zoom must be one of 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2 (the default page zoom, 1.5 for 150%), got ${JSON.stringify(bad)}`)
    }
  })
})
