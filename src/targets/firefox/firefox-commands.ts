// The manifest's keyboard commands with the key that reaches the add-on on Firefox.
// browser.commands.getAll() (run in a page of the add-on) gives the key Firefox registered; but
// Firefox registers a suggested key even when one of its own shortcuts holds it (measured on ESR
// 153: Ctrl+T listed for the add-on, and pressing it opened a tab), so each key is checked in the
// browser window with ShortcutUtils.isSystem, the check about:addons makes before it accepts a key.
import type { WaitOptions } from '../chrome/chrome-calls.ts'
import { shortcutOf, suggestedKey, type DeclaredCommand, type ExtensionCommand } from '../chrome/commands.ts'
import type { AddonAccess } from './addon-access.ts'

// browser.commands exists only when the manifest has a `commands` key.
const COMMANDS = '(async () => ({ assigned: (await browser.commands?.getAll()) ?? [], declared: browser.runtime.getManifest().commands ?? {} }))()'

// Runs in the browser window: which of the keys (Firefox's spelling) a shortcut of Firefox's own holds.
const SYSTEM_KEYS = `(keys) => {
  const { ShortcutUtils } = ChromeUtils.importESModule('resource://gre/modules/ShortcutUtils.sys.mjs')
  return JSON.stringify(JSON.parse(keys).filter((key) => !!ShortcutUtils.isSystem(window, key)))
}`

type Assigned = { name?: string; description?: string; shortcut?: string }

/** Why a command has no key that reaches the add-on, from what Firefox listed and the manifest suggested. */
export function firefoxUnassignedReason(listed: string, suggested: string | undefined, heldByFirefox: boolean): string {
  if (listed !== '' && heldByFirefox) {
    return `Firefox lists ${listed} for it (commands.getAll()), but a shortcut of Firefox's own holds that key and takes the press (about:addons refuses it: "Can't override a Firefox shortcut")`
  }
  if (suggested === undefined) return 'the manifest suggests no key for it (a user sets one in about:addons, Manage Extension Shortcuts)'
  return `Firefox did not register its suggested ${suggested} (a key it does not accept for an add-on, or one the user removed in about:addons)`
}

/** The add-on's commands, each with the key that reaches it, or '' and the reason none does. */
export async function firefoxCommands(addon: AddonAccess, options: WaitOptions = {}): Promise<ExtensionCommand[]> {
  const { assigned, declared } = await addon.inAddonPage<{ assigned: Assigned[]; declared: Record<string, DeclaredCommand> }>(COMMANDS, 'commands()', options)
  const listed = assigned.map(({ shortcut = '' }) => shortcut).filter((key) => key !== '')
  const held = new Set(listed.length === 0 ? [] : (JSON.parse((await addon.window.run(SYSTEM_KEYS, [JSON.stringify(listed)])) as string) as string[]))
  return assigned.map(({ name = '', description = '', shortcut = '' }): ExtensionCommand => {
    const suggested = suggestedKey(declared[name])
    const command = { name, description: description || (declared[name]?.description ?? ''), ...(suggested !== undefined && { suggested }) }
    if (shortcut !== '' && !held.has(shortcut)) return { ...command, shortcut }
    return { ...command, shortcut: '', unassigned: firefoxUnassignedReason(shortcut, suggested, held.has(shortcut)) }
  })
}

/** The keys to press for `name`, as `screen.press` takes them; a TargetError says why there are none. */
export async function firefoxShortcut(addon: AddonAccess, name: string, options: WaitOptions = {}): Promise<string> {
  return shortcutOf(await firefoxCommands(addon, options), name)
}
