// Canonical key names (core/keys.ts) → the X keysym names xdotool understands.
import { normalizeCombo, type Modifier, type NamedKey } from '../../core/keys.ts'

/** Every modifier and named key has an entry: a new canonical key without one fails to compile. */
const NAMED_KEYSYMS: Record<Modifier | NamedKey, string> = {
  ctrl: 'ctrl',
  shift: 'shift',
  alt: 'alt',
  meta: 'super',
  enter: 'Return',
  escape: 'Escape',
  tab: 'Tab',
  backspace: 'BackSpace',
  delete: 'Delete',
  space: 'space',
  insert: 'Insert',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  home: 'Home',
  end: 'End',
  pageup: 'Prior',
  pagedown: 'Next',
  f1: 'F1',
  f2: 'F2',
  f3: 'F3',
  f4: 'F4',
  f5: 'F5',
  f6: 'F6',
  f7: 'F7',
  f8: 'F8',
  f9: 'F9',
  f10: 'F10',
  f11: 'F11',
  f12: 'F12',
  capslock: 'Caps_Lock',
  printscreen: 'Print',
  menu: 'Menu',
  back: 'XF86Back',
  homescreen: 'XF86HomePage',
}

/** Printable ASCII characters whose keysym name differs from the character. */
const PUNCTUATION_KEYSYMS: Record<string, string> = {
  '+': 'plus', '-': 'minus', ',': 'comma', '.': 'period', '/': 'slash', '\\': 'backslash',
  ';': 'semicolon', ':': 'colon', "'": 'apostrophe', '"': 'quotedbl', '`': 'grave', '~': 'asciitilde',
  '=': 'equal', '!': 'exclam', '@': 'at', '#': 'numbersign', '$': 'dollar', '%': 'percent',
  '^': 'asciicircum', '&': 'ampersand', '*': 'asterisk', '(': 'parenleft', ')': 'parenright',
  '_': 'underscore', '[': 'bracketleft', ']': 'bracketright', '{': 'braceleft', '}': 'braceright',
  '|': 'bar', '<': 'less', '>': 'greater', '?': 'question',
}

/** One canonical key → its keysym name; other Unicode characters use the `U<hex>` form. */
export function toKeysym(key: string): string {
  if (Object.hasOwn(NAMED_KEYSYMS, key)) return NAMED_KEYSYMS[key as keyof typeof NAMED_KEYSYMS]
  const chars = [...key]
  if (chars.length !== 1) throw new RangeError(`"${key}" is not a canonical key`)
  if (/^[a-z0-9]$/i.test(key)) return key
  return PUNCTUATION_KEYSYMS[key] ?? unicodeKeysym(key)
}

/** The keysym name X gives any Unicode character: `U` and at least four hex digits (é → U00E9). */
export function unicodeKeysym(char: string): string {
  return `U${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
}

/** A combo in any spelling → xdotool's `key` argument, e.g. ['Control', 'Shift', 'T'] → 'ctrl+shift+t'. */
export function toXdotoolCombo(keys: string | readonly string[]): string {
  return normalizeCombo(keys).map(toKeysym).join('+')
}
