import { describe, expect, it } from 'vitest'
import { normalizeCombo } from '../../core/keys.ts'
import { pressKeys, suggestedKey, unassignedReason, type InstalledCommands } from './commands.ts'

describe('pressKeys', () => {
  it.each([
    ['Ctrl+Shift+Y', 'ctrl+shift+y', ['ctrl', 'shift', 'y']],
    ['Alt+Shift+P', 'alt+shift+p', ['shift', 'alt', 'p']],
    ['Ctrl+Comma', 'ctrl+,', ['ctrl', ',']],
    ['Alt+Period', 'alt+.', ['alt', '.']],
    ['Ctrl+Shift+PageUp', 'ctrl+shift+pageup', ['ctrl', 'shift', 'pageup']],
    ['Alt+Space', 'alt+space', ['alt', 'space']],
  ])('%s → %s, which screen.press parses', (chrome, keys, canonical) => {
    expect(pressKeys(chrome)).toBe(keys)
    expect(new Set(normalizeCombo(keys))).toEqual(new Set(canonical))
  })

  it('refuses keys this Linux browser cannot be sent', () => {
    expect(() => pressKeys('MediaPlayPause')).toThrow(/media key/)
    expect(() => pressKeys('MacCtrl+Shift+Y')).toThrow(/macOS or ChromeOS/)
  })
})

describe('suggestedKey', () => {
  it('takes the linux entry first, then default', () => {
    expect(suggestedKey({ suggested_key: { default: 'Ctrl+Shift+L', linux: 'Alt+Shift+L' } })).toBe('Alt+Shift+L')
    expect(suggestedKey({ suggested_key: { default: 'Ctrl+Shift+L', mac: 'Command+Shift+L' } })).toBe('Ctrl+Shift+L')
    expect(suggestedKey({ description: 'none' })).toBeUndefined()
    expect(suggestedKey(undefined)).toBeUndefined()
  })
})

describe('unassignedReason', () => {
  const own: InstalledCommands = { id: 'own', name: 'Mine', commands: [{ name: 'stamp', keybinding: '' }] }
  const other: InstalledCommands = { id: 'other', name: 'Other Tool', commands: [{ name: 'go', keybinding: 'Ctrl+Shift+U' }] }

  it('names the extension that holds the suggested key', () => {
    expect(unassignedReason('Ctrl+Shift+U', 'own', [own, other])).toBe("its suggested Ctrl+Shift+U is held by the extension 'Other Tool' (command 'go'), so Chrome did not assign it")
  })

  it('compares keys, not spellings', () => {
    expect(unassignedReason('Shift+Ctrl+U', 'own', [own, other])).toContain("'Other Tool'")
  })

  it('says the browser keeps a key no extension holds', () => {
    expect(unassignedReason('Ctrl+T', 'own', [own, other])).toBe('Chrome did not assign its suggested Ctrl+T: no extension holds it, so the browser keeps it for one of its own shortcuts')
  })

  it('says when the manifest suggests nothing', () => {
    expect(unassignedReason(undefined, 'own', [own])).toMatch(/suggests no key/)
  })
})
