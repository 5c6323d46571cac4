import { expect, it } from 'vitest'
import { unreadableScript } from './readable-script.ts'

it('names the first script the English OCR cannot read, and passes Latin text with accents', () => {
  expect(unreadableScript('Begrüßung speichern, café 1.0')).toBeUndefined()
  expect(unreadableScript('صباح الخير')).toBe('Arabic')
  expect(unreadableScript('Save שלום')).toBe('Hebrew')
  expect(unreadableScript('おはよう')).toBe('Hiragana')
  expect(unreadableScript('Привет')).toBe('Cyrillic')
})
