// Android KeyEvent codes for the canonical key names of core/keys.ts: `input keyevent` and
// appium-adb's keyevent take numbers, and names differ from Android's (backspace is KEYCODE_DEL).
import type { Key } from '../../core/keys.ts'

const NAMED: Readonly<Record<string, number>> = {
  homescreen: 3, back: 4, up: 19, down: 20, left: 21, right: 22,
  alt: 57, shift: 59, tab: 61, space: 62, enter: 66, backspace: 67, menu: 82,
  pageup: 92, pagedown: 93, escape: 111, delete: 112, ctrl: 113, capslock: 115, meta: 117,
  printscreen: 120, home: 122, end: 123, insert: 124,
  f1: 131, f2: 132, f3: 133, f4: 134, f5: 135, f6: 136, f7: 137, f8: 138, f9: 139, f10: 140, f11: 141, f12: 142,
}

const PUNCTUATION: Readonly<Record<string, number>> = {
  '*': 17, '#': 18, ',': 55, '.': 56, '`': 68, '-': 69, '=': 70, '[': 71, ']': 72,
  '\\': 73, ';': 74, "'": 75, '/': 76, '@': 77, '+': 81,
}

/** The KEYCODE_* number of a canonical key, or undefined when Android has no key for it (e.g. '!'). */
export function keycodeOf(key: Key): number | undefined {
  const named = NAMED[key]
  if (named !== undefined) return named
  if (key.length !== 1) return undefined
  if (key >= '0' && key <= '9') return 7 + key.charCodeAt(0) - 48
  const lower = key.toLowerCase()
  if (lower >= 'a' && lower <= 'z') return 29 + lower.charCodeAt(0) - 97
  return PUNCTUATION[key]
}
