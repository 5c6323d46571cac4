import { expect, it } from 'vitest'
import { NAMED_KEYS, MODIFIERS, normalizeKey } from '../../core/keys.ts'
import { keycodeOf } from './keycodes.ts'

it('maps every canonical named key and modifier to a KEYCODE number', () => {
  for (const key of [...NAMED_KEYS, ...MODIFIERS]) expect(keycodeOf(key), key).toBeTypeOf('number')
})

it("uses Android's codes, which differ from the names", () => {
  expect(keycodeOf(normalizeKey('Backspace'))).toBe(67) // KEYCODE_DEL
  expect(keycodeOf(normalizeKey('Delete'))).toBe(112) // KEYCODE_FORWARD_DEL
  expect(keycodeOf(normalizeKey('Return'))).toBe(66)
  expect(keycodeOf('back')).toBe(4)
  expect(keycodeOf('homescreen')).toBe(3)
  expect(keycodeOf('home')).toBe(122) // the text cursor's Home, not the launcher
})

it('maps letters, digits and the punctuation Android has keys for', () => {
  expect(keycodeOf('a')).toBe(29)
  expect(keycodeOf('z')).toBe(54)
  expect(keycodeOf('0')).toBe(7)
  expect(keycodeOf('9')).toBe(16)
  expect(keycodeOf('@')).toBe(77)
  expect(keycodeOf('!')).toBeUndefined()
})
