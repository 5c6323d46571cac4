import { describe, expect, it } from 'vitest'
import { normalizeCombo, normalizeKey } from './keys.ts'

describe('normalizeKey', () => {
  it.each([
    ['Enter', 'enter'], ['Return', 'enter'], ['RETURN', 'enter'],
    ['Escape', 'escape'], ['Esc', 'escape'],
    ['ArrowDown', 'down'], ['Down', 'down'], ['arrow_up', 'up'],
    ['PageDown', 'pagedown'], ['Page_Up', 'pageup'], ['Page Down', 'pagedown'],
    ['CTRL', 'ctrl'], ['Control', 'ctrl'], ['cmd', 'meta'], ['Super', 'meta'], ['Option', 'alt'],
    ['Backspace', 'backspace'], ['Delete', 'delete'], ['Tab', 'tab'], ['space', 'space'], [' ', 'space'],
    ['F5', 'f5'], ['A', 'a'], ['/', '/'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeKey(input)).toBe(expected)
  })

  it('rejects an unknown name, naming it', () => {
    expect(() => normalizeKey('Hyperdrive')).toThrow(/unknown key "Hyperdrive"/)
  })
})

describe('normalizeCombo', () => {
  it.each([
    ['ctrl+shift+t', ['ctrl', 'shift', 't']],
    ['Control-Shift-T', ['ctrl', 'shift', 't']],
    ['shift+ctrl+T', ['ctrl', 'shift', 't']],
    ['Enter', ['enter']],
    ['Page-Down', ['pagedown']],
    ['ctrl++', ['ctrl', '+']],
    ['ctrl+-', ['ctrl', '-']],
    ['+', ['+']],
  ])('%s', (input, expected) => {
    expect(normalizeCombo(input)).toEqual(expected)
  })

  it('accepts the OpenAI computer tool form (an array of names)', () => {
    expect(normalizeCombo(['CTRL', 'A'])).toEqual(['ctrl', 'a'])
    expect(normalizeCombo(['ArrowDown'])).toEqual(['down'])
  })

  it('rejects an empty combination', () => {
    expect(() => normalizeCombo([])).toThrow(/empty/)
  })
})
