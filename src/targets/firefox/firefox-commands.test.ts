import { describe, expect, it } from 'vitest'
import type { AddonAccess } from './addon-access.ts'
import type { BrowserWindow } from './browser-window.ts'
import { firefoxCommands, firefoxShortcut, firefoxUnassignedReason } from './firefox-commands.ts'

/** An add-on whose page answers `listed` and whose browser window says Firefox holds `system`. */
function addon(listed: { name: string; description?: string; shortcut?: string }[], declared: Record<string, unknown>, system: string[]): AddonAccess {
  const window = { run: async (_: string, [keys]: string[]) => JSON.stringify((JSON.parse(keys!) as string[]).filter((key) => system.includes(key))) } as unknown as BrowserWindow
  return {
    addonId: 'a@b',
    window,
    signal: new AbortController().signal,
    inAddonPage: async <T>() => ({ assigned: listed, declared }) as T,
    inFrontAddonTab: () => Promise.reject(new Error('not used')),
  }
}

describe('firefoxCommands', () => {
  const declared = { stamp: { suggested_key: { default: 'Alt+Shift+K' }, description: 'Stamp' }, clash: { suggested_key: { default: 'Ctrl+T' } }, none: {} }
  const listed = [
    { name: 'stamp', description: 'Stamp', shortcut: 'Alt+Shift+K' },
    { name: 'clash', description: '', shortcut: 'Ctrl+T' },
    { name: 'none', description: '', shortcut: '' },
  ]

  it("keeps a key Firefox listed only when none of Firefox's own shortcuts holds it, and says why the others reach nothing", async () => {
    expect(await firefoxCommands(addon(listed, declared, ['Ctrl+T']))).toEqual([
      { name: 'stamp', description: 'Stamp', shortcut: 'Alt+Shift+K', suggested: 'Alt+Shift+K' },
      { name: 'clash', description: '', shortcut: '', suggested: 'Ctrl+T', unassigned: firefoxUnassignedReason('Ctrl+T', 'Ctrl+T', true) },
      { name: 'none', description: '', shortcut: '', unassigned: firefoxUnassignedReason('', undefined, false) },
    ])
  })

  it('gives the keys to press, or a TargetError with the reason or the names declared', async () => {
    const access = addon(listed, declared, ['Ctrl+T'])
    expect(await firefoxShortcut(access, 'stamp')).toBe('alt+shift+k')
    await expect(firefoxShortcut(access, 'clash')).rejects.toThrow("chrome.shortcut('clash'): the command has no key: Firefox lists Ctrl+T for it (commands.getAll()), but a shortcut of Firefox's own holds that key")
    await expect(firefoxShortcut(access, 'nope')).rejects.toThrow("its commands: 'stamp', 'clash', 'none'")
  })
})

describe('firefoxUnassignedReason', () => {
  it('tells a key Firefox keeps from one it never registered and from none suggested', () => {
    expect(firefoxUnassignedReason('Ctrl+T', 'Ctrl+T', true)).toMatch(/Can't override a Firefox shortcut/)
    expect(firefoxUnassignedReason('', undefined, false)).toBe('the manifest suggests no key for it (a user sets one in about:addons, Manage Extension Shortcuts)')
    expect(firefoxUnassignedReason('', 'Ctrl+Alt+Q', false)).toMatch(/^Firefox did not register its suggested Ctrl\+Alt\+Q/)
  })
})
