// What `init` needs to know about an extension to write tests that pass on it as shipped: the
// pages its manifest declares (and what each visibly says), whether a click on its icon opens a
// popup or fires action.onClicked, its worker, where its content scripts may run, and whether it
// ships for Firefox too (and what Firefox would refuse or ignore in it).
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { looseKey } from '../core/text-match.ts'
import { unreadableScript } from '../grounding/readable-script.ts'
import { firefoxField, firefoxManifestProblems, type FirefoxManifestProblem } from '../targets/firefox/firefox-manifest.ts'
import { readChromeJson, readManifest } from '../targets/read-manifest.ts'
import type { ShippedLocale } from './locale-matrix.ts'
import { visibleLabels } from './page-text.ts'

/** An extension page named by the manifest. */
export interface ExtensionPage {
  /** As the manifest names it, without a leading './' or '/'. */
  path: string
  /** A short label its HTML visibly shows, for a quoted-text check (none when its scripts render it). */
  text?: string
  /** The default locale's message whose text `text` is: in another language the page shows that language's. */
  message?: string
}

export interface ExtensionFacts {
  /** The folder as the user's repo names it, e.g. 'dist'. */
  dir: string
  name: string
  popup?: ExtensionPage
  /** `sidePanel` in permissions: the page can open in the browser's side panel, not only in a tab. */
  sidePanel?: ExtensionPage & { permitted: boolean }
  options?: ExtensionPage
  /** An `action` without a popup: a click on the icon fires chrome.action.onClicked. */
  actionClick?: boolean
  /** `background.service_worker`: Chromium's background (Firefox runs `background.scripts` instead). */
  serviceWorker?: boolean
  /** `storage` in permissions: chrome.storage is there to keep what a user set. */
  storage?: boolean
  /** `background.scripts`: Firefox's background, an event page (Chromium's MV3 ignores it). */
  backgroundScripts?: boolean
  /** Firefox's `sidebar_action` panel; `openAtInstall` unless the manifest says `open_at_install: false`. */
  sidebar?: ExtensionPage & { openAtInstall: boolean }
  /** The manifest ships for Firefox too: the field that says so, and what Firefox would refuse or ignore. */
  firefox?: { field: string; problems: FirefoxManifestProblem[] }
  /** Content scripts: the local host a served page can use, or why none fits. */
  contentScripts?: { host: 'localhost' | '127.0.0.1'; path: string } | { skip: string }
  /** The manifest's default_locale and every language under _locales. */
  locales?: { defaultLocale: string; shipped: ShippedLocale[] }
}

interface Manifest {
  name?: unknown
  action?: { default_popup?: unknown }
  side_panel?: { default_path?: unknown }
  options_page?: unknown
  options_ui?: { page?: unknown }
  background?: { service_worker?: unknown; scripts?: unknown }
  sidebar_action?: { default_panel?: unknown; open_at_install?: unknown }
  permissions?: unknown
  content_scripts?: { matches?: unknown }[]
  default_locale?: unknown
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

export async function readExtensionFacts(root: string, dir: string, fallbackName: string): Promise<ExtensionFacts> {
  const manifest = (await readManifest(join(root, dir))).manifest as Manifest
  const rawName = str(manifest.name)
  // Localised names (__MSG_appName__) mean nothing on screen: use the package's name then.
  const name = rawName && !rawName.startsWith('__MSG_') ? rawName : fallbackName
  const defaultLocale = str(manifest.default_locale)
  const messages = defaultLocale ? await localeTexts(join(root, dir, '_locales')) : undefined
  const page = async (value: unknown): Promise<ExtensionPage | undefined> => {
    const path = str(value)?.replace(/^(\.?\/)+/, '')
    if (!path) return undefined
    const html = await readFile(join(root, dir, path.replace(/[?#].*$/, '')), 'utf8').catch(() => '')
    // The extension's name is also in the toolbar's tooltip and menus: quote it only when nothing else is shown.
    const labels = visibleLabels(html)
    const text = labels.find((label) => looseKey(label) !== looseKey(name)) ?? labels[0]
    const message = text && defaultLocale ? Object.entries(messages?.get(defaultLocale) ?? {}).find(([, said]) => said.trim() === text)?.[0] : undefined
    return { path, ...(text && { text }), ...(message && { message }) }
  }
  const popup = await page(manifest.action?.default_popup)
  const sidePanel = await page(manifest.side_panel?.default_path)
  const options = await page(manifest.options_page ?? manifest.options_ui?.page)
  const sidebar = await page(manifest.sidebar_action?.default_panel)
  const forFirefox = firefoxField(manifest as Record<string, unknown>)
  const permissions = Array.isArray(manifest.permissions) ? manifest.permissions : []
  const matches = (manifest.content_scripts ?? []).flatMap((c) => (Array.isArray(c?.matches) ? c.matches.filter((m): m is string => typeof m === 'string') : []))
  return {
    dir,
    name,
    ...(popup && { popup }),
    ...(sidePanel && { sidePanel: { ...sidePanel, permitted: permissions.includes('sidePanel') } }),
    ...(options && { options }),
    ...(typeof manifest.action === 'object' && manifest.action !== null && !popup && { actionClick: true }),
    ...(str(manifest.background?.service_worker) && { serviceWorker: true }),
    ...(permissions.includes('storage') && { storage: true }),
    ...(Array.isArray(manifest.background?.scripts) && manifest.background.scripts.length > 0 && { backgroundScripts: true }),
    ...(sidebar && { sidebar: { ...sidebar, openAtInstall: manifest.sidebar_action?.open_at_install !== false } }),
    ...(forFirefox && { firefox: { field: forFirefox, problems: firefoxManifestProblems(manifest as Record<string, unknown>) } }),
    ...(matches.length > 0 && { contentScripts: localPage(matches) }),
    ...(defaultLocale && messages && { locales: { defaultLocale, shipped: [...messages].map(([locale, texts]) => shippedLocale(locale, texts)) } }),
  }
}

/** Each folder under _locales with its messages' texts by name; a folder without a readable messages.json has none. */
async function localeTexts(folder: string): Promise<Map<string, Record<string, string>>> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  const byLocale = new Map<string, Record<string, string>>()
  for (const locale of entries.filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    const json = await readChromeJson(join(folder, locale, 'messages.json')).catch(() => ({}))
    const texts = Object.entries(json).flatMap(([key, value]) => {
      const message = (value as { message?: unknown } | null)?.message
      return typeof message === 'string' ? [[key, message] as const] : []
    })
    byLocale.set(locale, Object.fromEntries(texts))
  }
  return byLocale
}

function shippedLocale(locale: string, texts: Record<string, string>): ShippedLocale {
  const unreadable = unreadableScript(Object.values(texts).join(' '))
  return { locale, ...(unreadable && { unreadable }) }
}

/**
 * A page on this machine that one of the match patterns covers: `<all_urls>`, or an http (or `*`)
 * scheme with host `*`, `localhost` or `127.0.0.1` and no fixed port. The path is the pattern's
 * path up to its first wildcard.
 */
export function localPage(matches: readonly string[]): NonNullable<ExtensionFacts['contentScripts']> {
  for (const pattern of matches) {
    if (pattern === '<all_urls>') return { host: '127.0.0.1', path: '/' }
    const m = /^(\*|https?):\/\/([^/]+)(\/.*)$/.exec(pattern)
    if (!m || m[1] === 'https') continue
    const [host, port] = m[2]!.split(':')
    if (port !== undefined && port !== '*') continue
    if (host !== '*' && host !== 'localhost' && host !== '127.0.0.1') continue
    return { host: host === 'localhost' ? 'localhost' : '127.0.0.1', path: m[3]!.replace(/\*.*$/, '') || '/' }
  }
  return { skip: `its content scripts match only ${matches.join(', ')}, and no page on this machine can be served there` }
}
