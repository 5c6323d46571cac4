import { describe, expect, it } from 'vitest'
import { charactersNeedingKeys, freeKeycodes, xmodmapScript } from './keymap.ts'

describe('freeKeycodes', () => {
  it('lists keycodes without any keysym, in order', () => {
    const table = [
      'keycode   8 =',
      'keycode   9 = Escape NoSymbol Escape',
      'keycode  93 = ',
      'keycode  97 = NoSymbol NoSymbol',
      'keycode 207 = NoSymbol Hyper_L NoSymbol Hyper_L',
      'keycode 255 = XF86RFKill NoSymbol XF86RFKill',
    ].join('\n')
    expect(freeKeycodes(table)).toEqual([8, 93, 97])
  })
})

describe('charactersNeedingKeys', () => {
  it('keeps distinct characters past printable ASCII, whole code points included', () => {
    expect(charactersNeedingKeys('Café crème, 5€ 😀 \t\n~')).toEqual(['é', 'è', '€', '😀'])
    expect(charactersNeedingKeys('plain ASCII: ~!@#$%^&*()')).toEqual([])
  })
})

describe('xmodmapScript', () => {
  it('binds characters by Unicode keysym and unbinds with an empty character', () => {
    expect(xmodmapScript([['é', 255], ['😀', 254], ['', 93]])).toBe('keycode 255 = U00E9\nkeycode 254 = U1F600\nkeycode 93 =\n')
  })
})
