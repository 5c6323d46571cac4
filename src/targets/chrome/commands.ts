// The manifest's keyboard commands with the key Chrome actually assigned. chrome.commands.getAll()
// (run inside the extension) gives the assigned keys; a suggested key Chrome did not assign is
// explained from chrome://extensions, whose own API lists every extension's keys.
import { TargetError } from '../../core/errors.ts'
import { normalizeCombo } from '../../core/keys.ts'
import type { WaitOptions } from './chrome-calls.ts'
import { inBackgroundTab, inExtensionTab, type ExtensionTabs } from './extension-context.ts'

export interface ExtensionCommand {
  name: string
  description: string
  /** The key Chrome assigned, in Chrome's spelling ('Ctrl+Shift+Y'); '' when none is. */
  shortcut: string
  /** The manifest's suggested key on Linux (`suggested_key.linux`, else `.default`). */
  suggested?: string
  /** Why no key is assigned, when none is. */
  unassigned?: string
}

/** A command as `chrome.runtime.getManifest().commands` has it. */
export interface DeclaredCommand {
  suggested_key?: Record<string, string>
  description?: string
}

/** What chrome://extensions knows of one extension's commands (chrome.developerPrivate). */
export interface InstalledCommands {
  id: string
  name: string
  commands: { name: string; keybinding: string }[]
}

/**
 * Default bound on each step, ms: chrome://extensions is a heavy page, measured to take over 5 s to
 * load on two busy cores.
 */
const EXTENSIONS_PAGE_MS = 15_000

// chrome.commands exists only when the manifest has a `commands` key.
const COMMANDS = '(async () => ({ assigned: (await chrome.commands?.getAll()) ?? [], declared: chrome.runtime.getManifest().commands ?? {} }))()'

/** Chrome's key names that differ from the canonical ones `screen.press` takes. */
const CHROME_KEYS: Record<string, string> = { comma: ',', period: '.' }

/** Chrome's spelling of a shortcut ('Ctrl+Shift+Comma') → what `screen.press` takes ('ctrl+shift+,'). */
export function pressKeys(shortcut: string): string {
  const keys = shortcut.split('+').map((key) => key.trim().toLowerCase())
  const media = keys.find((key) => key.startsWith('media'))
  if (media !== undefined) throw new TargetError(`the shortcut ${shortcut} is a media key, which the X keyboard here cannot press`)
  if (keys.some((key) => key === 'command' || key === 'macctrl' || key === 'search')) {
    throw new TargetError(`the shortcut ${shortcut} uses a modifier that exists only on macOS or ChromeOS, not on this Linux browser`)
  }
  return keys.map((key) => CHROME_KEYS[key] ?? key).join('+')
}

/** The suggested key Chrome on Linux starts from: the `linux` entry, else `default`. */
export function suggestedKey(declared: DeclaredCommand | undefined): string | undefined {
  return declared?.suggested_key?.linux ?? declared?.suggested_key?.default
}

/** Why a command has no key, from its suggestion and the keys every installed extension holds. */
export function unassignedReason(suggested: string | undefined, ownId: string, installed: readonly InstalledCommands[]): string {
  if (suggested === undefined) return 'the manifest suggests no key for it (a user sets one in chrome://extensions/shortcuts)'
  const canonical = (key: string) => normalizeCombo(pressKeys(key)).join('+')
  const same = (key: string) => key !== '' && canonical(key) === canonical(suggested)
  for (const extension of installed) {
    const holder = extension.commands.find((command) => same(command.keybinding))
    if (holder !== undefined && extension.id !== ownId) return `its suggested ${suggested} is held by the extension '${extension.name}' (command '${holder.name}'), so Chrome did not assign it`
    if (holder !== undefined) return `its suggested ${suggested} is held by this extension's command '${holder.name}'`
  }
  return `Chrome did not assign its suggested ${suggested}: no extension holds it, so the browser keeps it for one of its own shortcuts`
}

/** The extension's commands, each with the key Chrome assigned or the reason it assigned none. */
export async function listCommands(chrome: ExtensionTabs, { timeout = EXTENSIONS_PAGE_MS, signal }: WaitOptions = {}): Promise<ExtensionCommand[]> {
  const options = { timeout, signal }
  const { assigned, declared } = await inExtensionTab(chrome, 'commands', (tab) =>
    chrome.evaluate<{ assigned: { name?: string; description?: string; shortcut?: string }[]; declared: Record<string, DeclaredCommand> }>(
      tab,
      COMMANDS,
      options,
    ), options)
  const commands = assigned.map(({ name = '', description = '', shortcut = '' }): ExtensionCommand => {
    const suggested = suggestedKey(declared[name])
    return { name, description: description || (declared[name]?.description ?? ''), shortcut, ...(suggested !== undefined && { suggested }) }
  })
  if (commands.every((command) => command.shortcut !== '')) return commands
  const installed = await inBackgroundTab(chrome, 'chrome://extensions/shortcuts', (tab) =>
    chrome.evaluate<InstalledCommands[]>(tab, 'chrome.developerPrivate.getExtensionsInfo().then((all) => all.map(({ id, name, commands }) => ({ id, name, commands })))', options), options)
  return commands.map((command) => (command.shortcut !== '' ? command : { ...command, unassigned: unassignedReason(command.suggested, chrome.extensionId!, installed) }))
}

/** The keys to press for `name`, as `screen.press` takes them; a TargetError says why there are none. */
export async function commandShortcut(chrome: ExtensionTabs, name: string, options: WaitOptions = {}): Promise<string> {
  return shortcutOf(await listCommands(chrome, options), name)
}

/** The keys of `name` among `commands`, as `screen.press` takes them; a TargetError says why there are none (both browsers). */
export function shortcutOf(commands: readonly ExtensionCommand[], name: string): string {
  const command = commands.find((c) => c.name === name)
  if (command === undefined) {
    throw new TargetError(`chrome.shortcut('${name}'): the manifest declares no such command; its commands: ${commands.map((c) => `'${c.name}'`).join(', ') || 'none'}`)
  }
  if (command.shortcut === '') throw new TargetError(`chrome.shortcut('${name}'): the command has no key: ${command.unassigned}`, { context: { command } })
  return pressKeys(command.shortcut)
}
