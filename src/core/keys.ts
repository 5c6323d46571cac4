// Key names differ across models ('Return', 'Enter', 'ArrowDown', 'CTRL'): everything is
// normalised to one canonical spelling here; each target maps canonical names to its own codes.

export const MODIFIERS = ['ctrl', 'shift', 'alt', 'meta'] as const
export const NAMED_KEYS = [
  'enter', 'escape', 'tab', 'backspace', 'delete', 'space', 'insert',
  'up', 'down', 'left', 'right', 'home', 'end', 'pageup', 'pagedown',
  'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9', 'f10', 'f11', 'f12',
  'capslock', 'printscreen', 'menu', 'back', 'homescreen',
] as const

export type Modifier = (typeof MODIFIERS)[number]
export type NamedKey = (typeof NAMED_KEYS)[number]
/** A canonical key: a modifier, a named key, or one printable character. */
export type Key = Modifier | NamedKey | string

const ALIASES: Record<string, Key> = {
  control: 'ctrl', ctl: 'ctrl', ctrl_l: 'ctrl', control_l: 'ctrl',
  shift_l: 'shift',
  option: 'alt', opt: 'alt', alt_l: 'alt',
  cmd: 'meta', command: 'meta', super: 'meta', win: 'meta', windows: 'meta', super_l: 'meta', os: 'meta',
  return: 'enter', kp_enter: 'enter',
  esc: 'escape',
  del: 'delete',
  bksp: 'backspace', back_space: 'backspace',
  spacebar: 'space', ' ': 'space',
  arrowup: 'up', arrowdown: 'down', arrowleft: 'left', arrowright: 'right',
  page_up: 'pageup', prior: 'pageup', pgup: 'pageup',
  page_down: 'pagedown', next: 'pagedown', pgdn: 'pagedown',
  ins: 'insert',
  print: 'printscreen',
  plus: '+', minus: '-',
}

const KNOWN = new Set<string>([...MODIFIERS, ...NAMED_KEYS])

/** One key name in any common spelling → its canonical form; throws on an unknown name. */
export function normalizeKey(name: string): Key {
  if (name === ' ') return 'space'
  const raw = name.trim()
  if (raw.length === 1) return raw.toLowerCase()
  const lower = raw.toLowerCase().replace(/[\s-]+/g, '_')
  const alias = ALIASES[lower] ?? ALIASES[lower.replace(/_/g, '')]
  if (alias) return alias
  const compact = lower.replace(/_/g, '')
  if (KNOWN.has(compact)) return compact
  throw new RangeError(`unknown key "${name}"`)
}

/**
 * A combo in any spelling — 'ctrl+shift+t', 'Control-Shift-T', ['CTRL', 'a'], 'Enter' — as
 * canonical keys, modifiers first in a fixed order.
 */
export function normalizeCombo(combo: string | readonly string[]): Key[] {
  const parts = typeof combo === 'string' ? splitCombo(combo) : combo.flatMap((c) => (c.length > 1 ? splitCombo(c) : [c]))
  if (parts.length === 0) throw new RangeError('empty key combination')
  const keys = parts.map(normalizeKey)
  const mods = MODIFIERS.filter((m) => keys.includes(m))
  const rest = keys.filter((k) => !(MODIFIERS as readonly string[]).includes(k))
  return [...mods, ...rest]
}

function splitCombo(combo: string): string[] {
  if (isKeyName(combo)) return [combo]
  // '+' or '-' separates keys, except where it is itself the key: 'ctrl++', 'ctrl+-'.
  const parts: string[] = []
  let token = ''
  for (const ch of combo) {
    if ((ch === '+' || ch === '-') && token.trim() !== '') {
      parts.push(token.trim())
      token = ''
    } else {
      token += ch
    }
  }
  if (token.trim() !== '' || token === ' ') parts.push(token === ' ' ? ' ' : token.trim())
  return parts
}

function isKeyName(name: string): boolean {
  try {
    normalizeKey(name)
    return true
  } catch {
    return false
  }
}

export function isModifier(key: Key): key is Modifier {
  return (MODIFIERS as readonly string[]).includes(key)
}
