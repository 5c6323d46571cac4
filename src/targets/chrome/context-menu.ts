// The extension's context-menu items as Chrome registered them. chrome.contextMenus has no getter
// and CDP cannot see the native menu, but for an extension whose background is not persistent
// (every MV3 service worker) Chrome itself keeps the items in the profile's "Extension State"
// LevelDB under '<id>.context_menus', to restore them when the worker restarts: that record,
// read from the store's log, is this list. Chrome writes it about a second after each change.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sleep } from '../../core/abort.ts'
import { ConfigError, TargetError } from '../../core/errors.ts'
import type { WaitOptions } from './chrome-calls.ts'
import { readLogWrites } from './leveldb-log.ts'

export interface ContextMenuItem {
  id: string
  title: string
  /** As chrome.contextMenus spells them: 'page', 'selection', 'link', 'image', 'all'… */
  contexts: string[]
  type: 'normal' | 'checkbox' | 'radio' | 'separator'
  enabled: boolean
  visible: boolean
  checked?: boolean
  parentId?: string
  documentUrlPatterns: string[]
  targetUrlPatterns: string[]
}

export interface ContextMenuOptions extends WaitOptions {
  /** Wait (up to `timeout`) until an item with this title is registered; else a TargetError listing the titles. */
  waitFor?: string | RegExp
}

// Chrome's MenuItem::Context bits, in bit order.
const CONTEXTS = ['all', 'page', 'selection', 'link', 'editable', 'image', 'video', 'audio', 'frame', 'launcher', 'browser_action', 'page_action', 'action']
const TYPES = ['normal', 'checkbox', 'radio', 'separator'] as const

interface StoredItem {
  string_uid?: string
  title?: string
  contexts: number
  type: number
  enabled: boolean
  visible?: boolean
  checked?: boolean
  parent_uid?: string
  document_url_patterns?: string[]
  target_url_patterns?: string[]
}

/** The items registered now, in creation order; polled until one titled `waitFor` is there, when asked. */
export async function registeredContextMenu(profileDir: string | undefined, extensionId: string | undefined, options: ContextMenuOptions = {}): Promise<ContextMenuItem[]> {
  if (extensionId === undefined) throw new ConfigError('contextMenu() needs an extension, but none was loaded')
  if (profileDir === undefined) throw new TargetError('contextMenu() reads the profile folder Chrome keeps the items in, and this browser was not launched by agentprobe (its folder is unknown)')
  const { waitFor, timeout = 5000, signal } = options
  if (waitFor !== undefined && typeof waitFor !== 'string' && !(waitFor instanceof RegExp)) {
    throw new ConfigError(`contextMenu({ waitFor }) takes an item's title, a string or a RegExp; got ${JSON.stringify(waitFor)}`)
  }
  const deadline = performance.now() + timeout
  for (;;) {
    const items = await readItems(join(profileDir, 'Default', 'Extension State'), extensionId)
    if (waitFor === undefined || items.some((item) => matches(item.title, waitFor))) return items
    if (performance.now() >= deadline) {
      const titles = items.map((item) => `'${item.title}'`).join(', ') || 'none'
      throw new TargetError(`contextMenu(): no item titled ${String(waitFor)} was registered within ${timeout} ms (registered: ${titles})`)
    }
    await sleep(100, signal)
  }
}

async function readItems(store: string, extensionId: string): Promise<ContextMenuItem[]> {
  const files = await readdir(store).catch(() => [] as string[])
  const writes = new Map<string, Uint8Array | undefined>()
  for (const log of files.filter((f) => f.endsWith('.log')).sort()) readLogWrites(await readFile(join(store, log)), writes)
  const key = `${extensionId}.context_menus`
  if (!writes.has(key) && files.some((f) => f.endsWith('.ldb'))) {
    throw new TargetError(`contextMenu(): Chrome has moved its extension state into LevelDB table files (${store}), which agentprobe does not read; the items are listed only from its log`)
  }
  const value = writes.get(key)
  return value === undefined ? [] : (JSON.parse(new TextDecoder().decode(value)) as StoredItem[]).map(fromStored)
}

function fromStored(item: StoredItem): ContextMenuItem {
  return {
    id: item.string_uid ?? '',
    title: item.title ?? '',
    contexts: CONTEXTS.filter((_, bit) => (item.contexts & (1 << bit)) !== 0),
    type: TYPES[item.type] ?? 'normal',
    enabled: item.enabled,
    visible: item.visible ?? true,
    ...(item.checked !== undefined && { checked: item.checked }),
    ...(item.parent_uid !== undefined && { parentId: item.parent_uid }),
    documentUrlPatterns: item.document_url_patterns ?? [],
    targetUrlPatterns: item.target_url_patterns ?? [],
  }
}

function matches(title: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? title === pattern : pattern.test(title)
}
