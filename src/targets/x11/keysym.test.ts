import { describe, expect, it } from 'vitest'
import { toKeysym, toXdotoolCombo } from './keysym.ts'

describe('toKeysym', () => {
  it.each([
    ['ctrl', 'ctrl'], ['shift', 'shift'], ['alt', 'alt'], ['meta', 'super'],
    ['enter', 'Return'], ['escape', 'Escape'], ['tab', 'Tab'], ['space', 'space'],
    ['backspace', 'BackSpace'], ['delete', 'Delete'], ['insert', 'Insert'],
    ['up', 'Up'], ['down', 'Down'], ['left', 'Left'], ['right', 'Right'],
    ['home', 'Home'], ['end', 'End'], ['pageup', 'Prior'], ['pagedown', 'Next'],
    ['f1', 'F1'], ['f12', 'F12'], ['capslock', 'Caps_Lock'], ['printscreen', 'Print'],
    ['a', 'a'], ['7', '7'], ['+', 'plus'], ['-', 'minus'], [',', 'comma'], ['.', 'period'],
    ['/', 'slash'], ['\\', 'backslash'], [';', 'semicolon'], ["'", 'apostrophe'], ['=', 'equal'],
    ['[', 'bracketleft'], [']', 'bracketright'], ['`', 'grave'], ['?', 'question'],
    ['é', 'U00E9'], ['€', 'U20AC'],
  ])('%s → %s', (key, keysym) => {
    expect(toKeysym(key)).toBe(keysym)
  })

  it('rejects a name that is not canonical, including Object.prototype names', () => {
    expect(() => toKeysym('Return')).toThrow(/"Return" is not a canonical key/)
    expect(() => toKeysym('toString')).toThrow(/not a canonical key/)
  })
})

describe('toXdotoolCombo', () => {
  it.each<[string | string[], string]>([
    ['ctrl+shift+t', 'ctrl+shift+t'],
    [['Control', 'Shift', 'T'], 'ctrl+shift+t'],
    ['Enter', 'Return'],
    [['CTRL', 'a'], 'ctrl+a'],
    ['ctrl++', 'ctrl+plus'],
    ['ctrl+-', 'ctrl+minus'],
    [['shift', 'alt', 'ArrowDown'], 'shift+alt+Down'],
    ['cmd+PageDown', 'super+Next'],
    [['ctrl', '/'], 'ctrl+slash'],
  ])('%j → %s', (combo, expected) => {
    expect(toXdotoolCombo(combo)).toBe(expected)
  })

  it('throws on an unknown key name', () => {
    expect(() => toXdotoolCombo('ctrl+hyper')).toThrow(/unknown key "hyper"/)
  })
})
