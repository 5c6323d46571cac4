// The add-on's context-menu items as Firefox registered them. browser.menus has no getter, but
// Firefox keeps every add-on's items in the browser process (ext-menus.js's gMenuMap, in the
// global its parent-side API scripts share): read there from the browser window, they are the
// list chrome.contextMenu() gives on Chromium, with the same shape.
import { ConfigError, TargetError } from '../../core/errors.ts'
import type { ContextMenuItem, ContextMenuOptions } from '../chrome/context-menu.ts'
import { pollUntil } from '../chrome/poll.ts'
import type { AddonAccess } from './addon-access.ts'

// Runs in the browser window: the add-on's items in creation order, parents before children.
const ITEMS = `(addonId) => {
  const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs')
  const extension = ExtensionParent.GlobalManager.getExtension(addonId)
  const menus = ExtensionParent.apiManager.global.gMenuMap
  if (!menus) return JSON.stringify({ error: 'ext-menus.js keeps no gMenuMap in this Firefox' })
  const items = (extension && menus.get(extension)) || new Map()
  return JSON.stringify({ items: [...items.values()].map((item) => ({
    id: String(item.id), title: item.title || '', contexts: [...(item.contexts || [])], type: item.type || 'normal',
    enabled: item.enabled !== false, visible: item.visible !== false,
    checked: item.type === 'checkbox' || item.type === 'radio' ? !!item.checked : undefined,
    parentId: item.parent && item.parent.parent ? String(item.parent.id) : undefined,
    documentUrlPatterns: item.documentUrlPatterns || [], targetUrlPatterns: item.targetUrlPatterns || [],
  })) })
}`

type Listed = { items: ContextMenuItem[] } | { error: string }

/** The items registered now; polled until one titled `waitFor` is there, when asked. */
export async function firefoxContextMenu(addon: AddonAccess, { waitFor, timeout = 5000, signal }: ContextMenuOptions = {}): Promise<ContextMenuItem[]> {
  if (waitFor !== undefined && typeof waitFor !== 'string' && !(waitFor instanceof RegExp)) {
    throw new ConfigError(`contextMenu({ waitFor }) takes an item's title, a string or a RegExp; got ${JSON.stringify(waitFor)}`)
  }
  let items: ContextMenuItem[] = []
  return pollUntil(
    async () => {
      const listed = JSON.parse((await addon.window.run(ITEMS, [addon.addonId])) as string) as Listed
      if ('error' in listed) throw new TargetError(`contextMenu(): ${listed.error}; open the menu by pixels (screen.click with button: 'right') and read it with expect(screen).toShowText`)
      items = listed.items // (undefined checked and parentId were left out by JSON)
      return waitFor === undefined || items.some((item) => matches(item.title, waitFor)) ? items : undefined
    },
    () => new TargetError(`contextMenu(): no item titled ${String(waitFor)} was registered within ${timeout} ms (registered: ${items.map((item) => `'${item.title}'`).join(', ') || 'none'})`),
    { timeout, interval: 100, signal: signal === undefined ? addon.signal : AbortSignal.any([addon.signal, signal]) },
  )
}

function matches(title: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? title === pattern : pattern.test(title)
}
